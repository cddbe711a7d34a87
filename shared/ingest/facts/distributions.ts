/**
 * Operating-system distributions that NVD lists beside the upstream product they ship (Debian,
 * Ubuntu, Fedora, Red Hat Enterprise Linux, SUSE, openSUSE, Oracle Linux …). A distribution's
 * release ("Debian Linux 9.0") is not a version of the upstream product, and nobody fixes a
 * package flaw by moving past a distribution release: the distribution ships the fixed package
 * in its own security update. So where a record lists a distribution beside another product,
 * the texts name the distribution as also shipping the flaw and give it no fixed or newest
 * affected version (the facts keep the releases the record lists). A record that lists
 * distributions only (a flaw in a distribution's own packaging) names the releases as affected and
 * sends their users to the distribution's security update too: moving past "Debian 3.1 r1" or
 * "Ubuntu 21.10" to a newer release is not how a package is fixed.
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';
import { productKey } from './fix-products.js';

/** `vendor:product` CPE tokens of distributions; the Linux kernel and other upstream systems are not among them. */
const DISTRIBUTION =
  /^(?:debian:debian_linux|canonical:ubuntu_linux|ubuntu:ubuntu(?:_linux)?|fedoraproject:fedora|centos:centos|oracle:linux|mageia:mageia|gentoo:linux|archlinux:arch_linux|slackware:slackware_linux|alpinelinux:alpine_linux|amazon:linux(?:_2)?|amazon:amazon_linux(?:_\w+)?|mandriva:\w*linux\w*|redhat:(?:enterprise_linux\w*|linux_(?:desktop|server|workstation))|(?:suse|novell):(?:suse_)?linux_enterprise\w*|(?:suse|novell):suse_linux|redhat:linux|mandrakesoft:mandrake_linux\w*|(?:opensuse|opensuse_project|novell|suse):(?:opensuse|leap|backports|evergreen|tumbleweed))$/;

export function isDistribution(product: Pick<AffectedProduct, 'vendor' | 'product'>): boolean {
  return DISTRIBUTION.test(`${product.vendor}:${product.product}`.toLowerCase());
}

/** The facts keys of the distributions listed beside an upstream product; empty when the record lists no other product. */
export function coListedDistributions(products: readonly Pick<AffectedProduct, 'vendor' | 'product'>[]): ReadonlySet<string> {
  const distributions = products.filter(isDistribution);
  if (distributions.length === 0 || distributions.length === products.length) return new Set();
  return new Set(distributions.map(productKey));
}

/** The facts keys of a record that lists distributions only; empty when it lists any other product. */
export function onlyDistributions(products: readonly Pick<AffectedProduct, 'vendor' | 'product'>[]): ReadonlySet<string> {
  return products.length > 0 && products.every(isDistribution) ? new Set(products.map(productKey)) : new Set();
}
