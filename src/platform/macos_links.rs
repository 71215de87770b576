//! macOS: a clicked `ca-ngua:` link (or an invite page's address opened
//! with the app) reaches the app as an Apple event, "get URL"
//! (`kInternetEventClass`, `kAEGetURL`), both when the click starts the app
//! and while it is open; never on the command line, and macOS starts no
//! second instance for it.
//!
//! AppKit would turn that event into `application:openURLs:` on the
//! application's delegate, but winit 0.30 keeps the delegate for itself
//! (it looks its own delegate up at every turn of the event loop and
//! panics on another). So this module takes the event where AppKit takes
//! it, from `NSAppleEventManager`: a handler installed when the
//! application will finish launching, Apple's documented moment (after
//! AppKit's own handlers, before the event that launched the app is
//! dispatched), and once more at once. It only turns the event's URL
//! into a `String`; [`super::open_url`], plain Rust tested on every
//! system, reads it and queues it for the window.
//!
//! The one module of the crate allowed `unsafe` (declaring an
//! Objective-C class and sending messages the bindings leave unsafe):
//! each block says why it is sound.

use super::open_url;
use crate::instance::Handover;
use objc2::rc::Retained;
use objc2::{DefinedClass, MainThreadOnly, define_class, msg_send, sel};
use objc2_app_kit::NSApplicationWillFinishLaunchingNotification;
use objc2_foundation::{
    MainThreadMarker, NSAppleEventDescriptor, NSAppleEventManager, NSNotification,
    NSNotificationCenter, NSObject, NSObjectProtocol,
};

/// `kInternetEventClass` and `kAEGetURL` (AERegistry.h): both `'GURL'`, a
/// `FourCharCode` (`UInt32`).
const GET_URL: u32 = u32::from_be_bytes(*b"GURL");

/// `keyDirectObject` (AEDataModel.h): `'----'`, the event's URL.
const DIRECT_OBJECT: u32 = u32::from_be_bytes(*b"----");

define_class!(
    // SAFETY: NSObject has no subclassing requirements, and `LinkHandler`
    // does not implement `Drop`.
    #[unsafe(super(NSObject))]
    #[thread_kind = MainThreadOnly]
    #[ivars = Handover]
    struct LinkHandler;

    impl LinkHandler {
        // SAFETY: the signature NSAppleEventManager calls a handler's
        // selector with: `- (void)handleGetURLEvent:(NSAppleEventDescriptor
        // *)event withReplyEvent:(NSAppleEventDescriptor *)reply`, both
        // objects (taken as possibly nil), nothing returned.
        #[unsafe(method(handleGetURLEvent:withReplyEvent:))]
        fn handle_get_url(
            &self,
            event: Option<&NSAppleEventDescriptor>,
            _reply: Option<&NSAppleEventDescriptor>,
        ) {
            let Some(event) = event else {
                return;
            };
            // SAFETY: `paramDescriptorForKeyword:` takes an `AEKeyword`
            // (a `FourCharCode`, `UInt32`: our `u32`) and returns an
            // `NSAppleEventDescriptor` or nil, as the type says.
            let url: Option<Retained<NSAppleEventDescriptor>> =
                unsafe { msg_send![event, paramDescriptorForKeyword: DIRECT_OBJECT] };
            match url.and_then(|url| url.stringValue()) {
                Some(url) => {
                    open_url(&url.to_string(), self.ivars());
                }
                None => tracing::warn!("a get-URL event without its URL"),
            }
        }

        // SAFETY: the signature NSNotificationCenter calls an observer's
        // selector with: `- (void)name:(NSNotification *)notification`.
        #[unsafe(method(applicationWillFinishLaunching:))]
        fn will_finish_launching(&self, _notification: &NSNotification) {
            self.install();
        }
    }

    unsafe impl NSObjectProtocol for LinkHandler {}
);

impl LinkHandler {
    /// Makes this object the handler of the get-URL event, in the place of
    /// any other (AppKit's).
    fn install(&self) {
        let manager = NSAppleEventManager::sharedAppleEventManager();
        // SAFETY: `setEventHandler:andSelector:forEventClass:andEventID:`
        // takes an object, a selector and two `FourCharCode`s (`u32`), and
        // returns nothing. The handler answers that selector with the
        // arguments the manager passes (`handle_get_url`). The manager
        // does not retain its handler: `listen` keeps this object for the
        // rest of the process.
        unsafe {
            msg_send![
                &*manager,
                setEventHandler: self,
                andSelector: sel!(handleGetURLEvent:withReplyEvent:),
                forEventClass: GET_URL,
                andEventID: GET_URL
            ]
        }
    }
}

/// Hands every room link macOS gives this app to `handover` (the window's
/// queue) from now on. Called on the main thread before the event loop
/// runs, so that the link of the click that started the app is not lost.
pub fn listen(handover: Handover) {
    let Some(mtm) = MainThreadMarker::new() else {
        tracing::warn!("not on the main thread: clicked links will not reach the window");
        return;
    };
    let handler = LinkHandler::alloc(mtm).set_ivars(handover);
    // SAFETY: NSObject's `init` on an object just allocated, its Rust
    // instance variables set; it returns the object.
    let handler: Retained<LinkHandler> = unsafe { msg_send![super(handler), init] };
    // SAFETY: AppKit's notification name is an immutable `NSString` it
    // defines for the life of the process. The observer answers the
    // selector with the notification (`will_finish_launching`); the
    // center does not retain it, and it is kept (below).
    unsafe {
        NSNotificationCenter::defaultCenter().addObserver_selector_name_object(
            &handler,
            sel!(applicationWillFinishLaunching:),
            Some(NSApplicationWillFinishLaunchingNotification),
            None,
        );
    }
    handler.install();
    // Kept for the life of the process: neither the notification center
    // nor the event manager keeps it, and both may call it until the end.
    std::mem::forget(handler);
}
