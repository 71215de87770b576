//! Where friends on the same network can reach a server hosted here.

use std::net::IpAddr;

/// This machine's addresses that friends on the same network can use to
/// reach a server hosted here: every interface's address but loopback and
/// IPv6 link-local ones (those need an interface name to be reached),
/// IPv4 first. Read from the system's interface list (`if-addrs`); nothing
/// is sent on the network.
pub fn lan_addresses() -> Vec<IpAddr> {
    let interfaces = if_addrs::get_if_addrs().unwrap_or_else(|e| {
        tracing::warn!("cannot list this machine's network interfaces: {e}");
        Vec::new()
    });
    let mut ips: Vec<IpAddr> = interfaces
        .into_iter()
        .filter(|i| {
            let v6_link_local = i.ip().is_ipv6() && i.is_link_local();
            !i.is_loopback() && !v6_link_local
        })
        .map(|i| i.ip())
        .collect();
    ips.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    ips.dedup();
    ips
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lan_addresses_leave_out_loopback() {
        for ip in lan_addresses() {
            assert!(!ip.is_loopback(), "{ip}");
        }
    }
}
