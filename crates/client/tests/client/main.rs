//! The client library (`ca-ngua-client`) against a real server on
//! 127.0.0.1, one binary.

use ca_ngua_testkit as common;

mod client;
