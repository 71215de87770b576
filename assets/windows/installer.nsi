; The Windows installer of Cờ Cá Ngựa, one script for both builds: the one
; tried under Wine here (scripts/cross.sh windows) and the one the release
; workflow ships (.github/workflows/release.yml). scripts/installer.sh runs
; makensis on it; docs/PACKAGING.md says what it does and why.
;
; makensis -INPUTCHARSET UTF8 with these defines (scripts/installer.sh
; passes them all):
;   VERSION   the version, from Cargo.toml (0.1.0)
;   BINDIR    the folder with ca-ngua.exe and ca-ngua-cli.exe
;   ICON      assets/icon/ca-ngua.ico
;   STRINGS   the language strings made from i18n/*/installer.ftl
;   OUTFILE   the installer to write
;
; For the player alone (HKCU, %LOCALAPPDATA%\Programs), no administrator
; rights; a Start menu entry; the ca-ngua: link scheme; an entry in
; Settings › Apps; Vietnamese or English as Windows is; an earlier install
; upgraded in place; /S installs silently. The uninstaller keeps the
; player's files (%APPDATA%\ca-ngua) unless its box is ticked or
; /DELETEDATA is given; /S alone keeps them.

; A 64-bit installer (the game is 64-bit only): it runs under Wine's wine64
; as on Windows x64 (and on Windows on Arm, emulated). NSIS's amd64 stubs
; come with Debian's nsis package, which builds it here and in the release.
Target amd64-unicode
ManifestDPIAware true
ManifestSupportedOS all
RequestExecutionLevel user
SetCompressor /SOLID lzma

!macro REQUIRE NAME
  !ifndef ${NAME}
    !error "${NAME} is not defined: build the installer with scripts/installer.sh"
  !endif
!macroend
!insertmacro REQUIRE VERSION
!insertmacro REQUIRE BINDIR
!insertmacro REQUIRE ICON
!insertmacro REQUIRE STRINGS
!insertmacro REQUIRE OUTFILE

!define PRODUCT "Cờ Cá Ngựa"
!define PUBLISHER "The Cờ Cá Ngựa developers"
!define APPKEY "Software\ca-ngua"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\ca-ngua"
!define SCHEMEKEY "Software\Classes\ca-ngua"
!define GAME "ca-ngua.exe"

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"
!include "nsDialogs.nsh"

Name "${PRODUCT}"
OutFile "${OUTFILE}"
BrandingText "${PRODUCT} ${VERSION}"
; Per user, where Windows puts programs installed for one user. A folder
; chosen before (an upgrade) is read back from the registry; /D=FOLDER on
; the command line wins over both.
InstallDir "$LOCALAPPDATA\Programs\${PRODUCT}"
InstallDirRegKey HKCU "${APPKEY}" "InstallDir"

VIProductVersion "${VERSION}.0"
VIFileVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=0 "FileDescription" "${PRODUCT} ${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "2026, ${PUBLISHER}"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_WELCOMEPAGE_TEXT "$(installer-welcome)"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${GAME}"
!define MUI_FINISHPAGE_RUN_TEXT "$(installer-start-game)"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
UninstPage custom un.DataPage un.DataPageLeave
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the one used when Windows speaks neither.
!insertmacro MUI_LANGUAGE "Vietnamese"
!insertmacro MUI_LANGUAGE "English"

!include "${STRINGS}"

Var DeleteData
Var DataBox

; Refuses to go on while the game runs from this folder: Windows keeps a
; running program's file open, and replacing or deleting it half way would
; leave a broken install. The player closes the game (it saves as it goes)
; and retries, or cancels with nothing changed. Silent: cancels, exit
; status 2.
!macro CHECK_NOT_RUNNING UN MESSAGE
  Function ${UN}CheckNotRunning
    retry:
      IfFileExists "$INSTDIR\${GAME}" 0 free
      ClearErrors
      FileOpen $0 "$INSTDIR\${GAME}" a
      IfErrors running
      FileClose $0
      Goto free
    running:
      MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "${MESSAGE}" /SD IDCANCEL IDRETRY retry
      SetErrorLevel 2
      Quit
    free:
  FunctionEnd
!macroend
!insertmacro CHECK_NOT_RUNNING "" "$(installer-game-running)"
!insertmacro CHECK_NOT_RUNNING "un." "$(uninstaller-game-running)"

Function .onInit
  SetShellVarContext current
FunctionEnd

Section "${PRODUCT}"
  SetShellVarContext current
  Call CheckNotRunning
  SetOutPath "$INSTDIR"
  File "${BINDIR}\${GAME}"
  File "${BINDIR}\ca-ngua-cli.exe"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; The Start menu entry, with the game's own icon.
  CreateShortCut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\${GAME}" "" "$INSTDIR\${GAME}" 0

  ; ca-ngua: links (an invite page's button) open the game with the link.
  WriteRegStr HKCU "${SCHEMEKEY}" "" "$(installer-link-name)"
  WriteRegStr HKCU "${SCHEMEKEY}" "URL Protocol" ""
  WriteRegStr HKCU "${SCHEMEKEY}\DefaultIcon" "" '"$INSTDIR\${GAME}",0'
  WriteRegStr HKCU "${SCHEMEKEY}\shell\open\command" "" '"$INSTDIR\${GAME}" "%1"'

  ; Where it is, for the next version's installer.
  WriteRegStr HKCU "${APPKEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${APPKEY}" "Version" "${VERSION}"

  ; Settings › Apps (and the older Programs and Features).
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTKEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayIcon" '"$INSTDIR\${GAME}",0'
  WriteRegStr HKCU "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTKEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTKEY}" "EstimatedSize" $0
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoRepair" 1
SectionEnd

Function un.onInit
  SetShellVarContext current
  StrCpy $DeleteData ${BST_UNCHECKED}
  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/DELETEDATA" $1
  ${IfNot} ${Errors}
    StrCpy $DeleteData ${BST_CHECKED}
  ${EndIf}
FunctionEnd

; The player's files: kept unless the box is ticked.
Function un.DataPage
  !insertmacro MUI_HEADER_TEXT "$(uninstaller-data-title)" "$(uninstaller-data-subtitle)"
  nsDialogs::Create 1018
  Pop $0
  ${NSD_CreateLabel} 0 0 100% 48u "$(uninstaller-data-text)"
  Pop $0
  ${NSD_CreateCheckbox} 0 56u 100% 12u "$(uninstaller-data-delete)"
  Pop $DataBox
  ${NSD_SetState} $DataBox $DeleteData
  nsDialogs::Show
FunctionEnd

Function un.DataPageLeave
  ${NSD_GetState} $DataBox $DeleteData
FunctionEnd

Section "Uninstall"
  SetShellVarContext current
  Call un.CheckNotRunning
  Delete "$INSTDIR\${GAME}"
  Delete "$INSTDIR\ca-ngua-cli.exe"
  Delete "$INSTDIR\uninstall.exe"
  ; Only if empty: never a folder the player filled.
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${PRODUCT}.lnk"

  ; The link scheme, unless another install has taken it since.
  ReadRegStr $0 HKCU "${SCHEMEKEY}\shell\open\command" ""
  ${If} $0 == '"$INSTDIR\${GAME}" "%1"'
    DeleteRegKey HKCU "${SCHEMEKEY}"
  ${EndIf}
  DeleteRegKey HKCU "${UNINSTKEY}"
  DeleteRegKey HKCU "${APPKEY}"

  ${If} $DeleteData == ${BST_CHECKED}
    RMDir /r "$APPDATA\ca-ngua"
  ${EndIf}
SectionEnd
