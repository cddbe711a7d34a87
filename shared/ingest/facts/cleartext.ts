/**
 * Data sent over the network in cleartext ("ZoneAlarm sends sensitive system and network
 * information in cleartext to the Zone Labs server", "transmit credentials in plaintext"): only
 * someone on the path of that traffic reads it. Where the description names no attacker, NVD's
 * network vector (AV:N) says only that the traffic crosses a network; the attacker is on-path,
 * never "anyone who can reach it over the network". Storage in cleartext ("stores passwords in
 * plaintext") is not sent anywhere and is left alone. Huawei's "video streams being intercepted during transmission"
 * (CVE-2021-22325, h45) and VeryFitPro's "account takeover via network sniffing" (CVE-2021-32612, h47) say the same of
 * their reader.
 */
const SENT_IN_CLEARTEXT =
  /\b(?:sends?|sent|sending|transmits?|transmitted|transmitting|transfers?|transferred|communicates?)\b[^.;]{0,80}?\b(?:in (?:clear ?text|plain ?text|the clear|unencrypted form)|unencrypted|without encryption|via unencrypted HTTP|over (?:an? )?(?:unencrypted|insecure|cleartext|plaintext) (?:channel|connection|HTTP|protocol))\b|\b(?:clear ?text|plain ?text|unencrypted) transmission\b|\bintercepted (?:during|in) (?:transmission|transit)\b|\b(?:via|through|by|using) (?:network |traffic |packet )?sniffing\b/i;

/**
 * Code or data fetched over plain HTTP ("resolving dependencies over HTTP instead of HTTPS", Eclipse Buildship,
 * CVE-2019-11770; "Updates are downloaded over HTTP", "the firmware updates are served over HTTP"): whoever swaps it
 * sits on the path of that download. "over HTTP or HTTPS" and HTTP/2 name no cleartext channel.
 */
const FETCHED_OVER_HTTP =
  /\b(?:downloads?|downloaded|downloading|retrieves?|retrieved|retrieving|fetch(?:es|ed|ing)?|resolv(?:es|ed|ing)|pull(?:s|ed|ing)?|served|pushe[sd]|pushing|loads?|loaded|loading|installs?|installed|installing|updates?|updated|updating|sends?|sending|communicates?|communicating|communication)\b[^.;]{0,80}?\bover (?:plain |plaintext |unencrypted |insecure |cleartext )?HTTP(?!S|\/[23]| or HTTPS| and HTTPS)\b/i;

/** A malicious server that the download reaches attacks from anywhere ("A malicious server (or a network MitM if downloading over HTTP)", pacman). */
const SERVER_ATTACKER = /\bmalicious (?:server|mirror|repository|host)\b/i;
/** MITRE's disputing "NOTE: users' apps were not resolving dependencies over cleartext HTTP". */
const DENIED = /\b(?:not|never)\s+(?:\w+\s+)?$/i;

function fetchedOverHttp(description: string): boolean {
  const found = FETCHED_OVER_HTTP.exec(description);
  return found !== null && !SERVER_ATTACKER.test(description) && !DENIED.test(description.slice(Math.max(0, found.index - 20), found.index));
}

export const sentInCleartext = (description: string): boolean => SENT_IN_CLEARTEXT.test(description) || fetchedOverHttp(description);
