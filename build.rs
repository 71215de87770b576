//! For Windows, puts the icon, the version information and the application
//! manifest (`assets/windows/ca-ngua.exe.manifest`) into the executables:
//! Explorer, the Start menu entry the installer makes and the taskbar show
//! the executable's own icon before any window sets one, and Windows reads
//! the manifest before the program starts.
//!
//! One resource script, written here, for both ways of building: on a
//! Windows machine (the release workflow's MSVC build) `winresource`
//! compiles it with the SDK's `rc.exe`; on Linux, cross-compiling for
//! Windows (scripts/cross.sh windows), mingw-w64's `windres` does (or the
//! program `WINDRES` names). Other targets get nothing.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icon/ca-ngua.ico");
    println!("cargo:rerun-if-changed=assets/windows/ca-ngua.exe.manifest");
    println!("cargo:rerun-if-env-changed=WINDRES");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let (Some(out), Some(root)) = (
        std::env::var_os("OUT_DIR").map(PathBuf::from),
        std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from),
    ) else {
        return;
    };
    let script = out.join("ca-ngua.rc");
    if let Err(e) = std::fs::write(&script, resource_script(&root)) {
        println!("cargo:warning=the Windows resources were not written: {e}");
        return;
    }
    if let Err(e) = compile(&script, &out) {
        // Without a resource compiler the game still builds, without its
        // icon in Explorer and without its manifest.
        println!("cargo:warning=the Windows icon and manifest were not embedded: {e}");
    }
}

/// A path as a resource script takes it: forward slashes, which both
/// `rc.exe` and `windres` read, and no backslash to escape.
fn rc_path(path: &Path) -> String {
    path.display().to_string().replace('\\', "/")
}

/// The resource script: the icon, the manifest, the version information.
fn resource_script(root: &Path) -> String {
    let version = |part: &str| std::env::var(part).unwrap_or_else(|_| "0".into());
    let (major, minor, patch) = (
        version("CARGO_PKG_VERSION_MAJOR"),
        version("CARGO_PKG_VERSION_MINOR"),
        version("CARGO_PKG_VERSION_PATCH"),
    );
    let text = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let icon = rc_path(&root.join("assets/icon/ca-ngua.ico"));
    let manifest = rc_path(&root.join("assets/windows/ca-ngua.exe.manifest"));
    // 24 is RT_MANIFEST, 1 the manifest of an executable; 0x409 and 1200
    // are English (United States) and UTF-16, the strings' table.
    format!(
        r#"#pragma code_page(65001)
1 ICON "{icon}"
1 24 "{manifest}"
1 VERSIONINFO
FILEVERSION {major},{minor},{patch},0
PRODUCTVERSION {major},{minor},{patch},0
FILEOS 0x40004
FILETYPE 1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "The Cờ Cá Ngựa developers"
      VALUE "FileDescription", "Cờ Cá Ngựa"
      VALUE "FileVersion", "{text}"
      VALUE "LegalCopyright", "2026, The Cờ Cá Ngựa developers"
      VALUE "ProductName", "Cờ Cá Ngựa"
      VALUE "ProductVersion", "{text}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
"#
    )
}

/// Compiles the script with the SDK's resource compiler (Windows).
#[cfg(windows)]
fn compile(script: &Path, _out: &Path) -> Result<(), String> {
    let script = script
        .to_str()
        .ok_or("the build folder's path is not UTF-8")?;
    winresource::WindowsResource::new()
        .set_resource_file(script)
        .compile()
        .map_err(|e| e.to_string())
}

/// Compiles the script with mingw-w64's `windres` (cross builds for the GNU
/// targets) and links the object into every executable. A type-check for
/// MSVC from here (scripts/cross.sh check) links nothing and needs none.
#[cfg(not(windows))]
fn compile(script: &Path, out: &Path) -> Result<(), String> {
    if std::env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("gnu") {
        return Ok(());
    }
    let windres = std::env::var("WINDRES").unwrap_or_else(|_| {
        let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
        format!("{arch}-w64-mingw32-windres")
    });
    let object = out.join("ca-ngua-res.o");
    let status = std::process::Command::new(&windres)
        .arg("-O")
        .arg("coff")
        .arg("-i")
        .arg(script)
        .arg("-o")
        .arg(&object)
        .status()
        .map_err(|e| format!("{windres}: {e}"))?;
    if !status.success() {
        return Err(format!("{windres} failed ({status})"));
    }
    println!("cargo:rustc-link-arg-bins={}", object.display());
    Ok(())
}
