//! On Windows, puts the icon and the version information into the
//! executables: Explorer, the Start menu shortcut the installer makes and
//! the taskbar show the executable's own icon, before any window sets one.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icon/ca-ngua.ico");
    #[cfg(windows)]
    windows_resources();
}

#[cfg(windows)]
fn windows_resources() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut res = winresource::WindowsResource::new();
    res.set_icon("assets/icon/ca-ngua.ico")
        // Windows shows FileDescription as the program's name (Task
        // Manager, "Open with").
        .set("FileDescription", "Cờ Cá Ngựa")
        .set("ProductName", "Cờ Cá Ngựa");
    if let Err(e) = res.compile() {
        // Without a resource compiler the game still builds, without its
        // icon in Explorer.
        println!("cargo:warning=the Windows icon was not embedded: {e}");
    }
}
