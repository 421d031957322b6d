import net from 'node:net';

/**
 * The network a client address stands for in the sign-in limits: an IPv4 address as it is, an IPv6
 * address by its /64 prefix. One IPv6 subscriber usually holds a whole /64, so counting single IPv6
 * addresses would give one attacker billions of fresh per-address budgets.
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!net.isIPv6(address)) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, "::" filled in and an embedded IPv4 tail turned into two. */
function expandIpv6(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16).toString(16)];
          const [a, b, c, d] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const front = groups(head);
  const back = groups(tail);
  const zeros = tail === undefined ? [] : Array(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back];
}
