/**
 * A distribution release as the facts keep it for a package fixed per release ("ubuntu 12.04
 * lts", `../sources/nvd.ts`) and as a reader writes it ("Ubuntu 12.04 LTS"); undefined for any
 * other platform.
 */
const RELEASE = /^(?<name>ubuntu|debian) (?<version>\d+(?:\.\d+)?)(?<lts> lts)?$/;

export function distributionReleaseText(platform: string | null): string | undefined {
  const release = platform === null ? undefined : RELEASE.exec(platform)?.groups;
  if (!release) return undefined;
  return `${release.name === 'ubuntu' ? 'Ubuntu' : 'Debian'} ${release.version}${release.lts ? ' LTS' : ''}`;
}
