/** The unit the login throttle counts a client address in: an IPv4 address, or an IPv6 /64 (one subscriber's share). */
import ipaddr from 'ipaddr.js';

const IPV6_SUBSCRIBER_PREFIX = 64;

export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  // process() turns an IPv4-mapped IPv6 address (::ffff:1.2.3.4) back into the IPv4 one.
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  // Anyone with one IPv6 address holds the 2^64 around it: counting them apart would hand out fresh addresses.
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${IPV6_SUBSCRIBER_PREFIX}`).toString()}/${IPV6_SUBSCRIBER_PREFIX}`;
}
