import dns from 'node:dns/promises';
import type { Lookup } from '../providers/web/index.ts';

/**
 * SSRF attack values for tests of everything that requests URLs from mail (providers/web and
 * the features using it): hostile URLs, and what a public resolver would answer for names built
 * to point inside.
 */

/** What a public resolver would answer for names built to point at internal addresses. */
export const HOSTILE_DNS: Record<string, string[]> = {
  'localtest.me': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  '169.254.169.254.nip.io': ['169.254.169.254'],
  'metadata.google.internal': ['169.254.169.254'],
  'internal.example': ['10.0.0.5'],
  'mixed.example': ['93.184.215.14', '127.0.0.1'],
  'v6-loopback.example': ['::1'],
  'v6-mapped.example': ['::ffff:127.0.0.1'],
  'ula.example': ['fd12:3456::1'],
  'cgnat.example': ['100.64.0.1'],
};

/** At least 40 hostile values, each refused before a connection (the list and more). */
export const HOSTILE_URLS = [
  'https://127.0.0.1/unsubscribe',
  'https://127.0.0.1:443/unsubscribe',
  'https://[::1]/unsubscribe',
  'https://localhost/unsubscribe',
  'https://localhost./unsubscribe',
  'https://LOCALHOST/unsubscribe',
  'https://2130706433/unsubscribe', // decimal 127.0.0.1
  'https://017700000001/unsubscribe', // octal
  'https://0177.0.0.1/unsubscribe', // octal first octet
  'https://0x7f000001/unsubscribe', // hex
  'https://0x7f.0.0.1/unsubscribe',
  'https://127.1/unsubscribe', // short form
  'https://127.0.1/unsubscribe',
  'https://0/unsubscribe', // 0.0.0.0
  'https://0.0.0.0/unsubscribe',
  'https://[::]/unsubscribe',
  'https://[::ffff:127.0.0.1]/unsubscribe', // IPv4-mapped
  'https://[::ffff:7f00:1]/unsubscribe',
  'https://[0:0:0:0:0:ffff:127.0.0.1]/unsubscribe',
  'https://[::ffff:169.254.169.254]/latest/meta-data/',
  'https://169.254.169.254/latest/meta-data/',
  'https://2852039166/latest/meta-data/', // decimal 169.254.169.254
  'https://0xa9fea9fe/latest/meta-data/',
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://168.63.129.16/machine', // Azure WireServer
  'https://100.100.100.200/latest/meta-data/', // Alibaba
  'https://192.0.0.192/opc/v1/instance/', // Oracle
  'https://10.0.0.1/unsubscribe',
  'https://172.16.0.1/unsubscribe',
  'https://192.168.1.1/unsubscribe',
  'https://100.64.0.1/unsubscribe', // CGNAT
  'https://169.254.1.1/unsubscribe', // link-local
  'https://[fe80::1]/unsubscribe',
  'https://[fc00::1]/unsubscribe', // unique-local
  'https://224.0.0.1/unsubscribe', // multicast
  'https://[ff02::1]/unsubscribe',
  'https://255.255.255.255/unsubscribe',
  'https://[2002:7f00:1::]/unsubscribe', // 6to4 of 127.0.0.1
  'https://[64:ff9b::7f00:1]/unsubscribe', // NAT64 of 127.0.0.1
  'https://%31%32%37.0.0.1/unsubscribe', // percent-encoded
  'https://127.0.0.1./unsubscribe',
  'https://localtest.me/unsubscribe', // DNS names that resolve to internal addresses
  'https://127.0.0.1.nip.io/unsubscribe',
  'https://169.254.169.254.nip.io/latest/meta-data/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://internal.example/unsubscribe',
  'https://mixed.example/unsubscribe', // one public, one loopback answer
  'https://v6-loopback.example/unsubscribe',
  'https://v6-mapped.example/unsubscribe',
  'https://ula.example/unsubscribe',
  'https://cgnat.example/unsubscribe',
  'http://127.0.0.1/unsubscribe', // plain http
  'http://example.com/unsubscribe',
  'https://example.com:8443/unsubscribe', // other ports
  'https://127.0.0.1:80/unsubscribe',
  'https://user:pass@example.com/unsubscribe', // credentials
  'ftp://127.0.0.1/unsubscribe',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'javascript:alert(1)',
  'not a url',
];

/** The system resolver for localhost (a real name for 127.0.0.1), the table above for the rest. */
export const hostileLookup: Lookup = async (hostname) => {
  const answers = HOSTILE_DNS[hostname.toLowerCase()];
  if (answers) return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const system = await dns.lookup(hostname, { all: true });
  return system.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

