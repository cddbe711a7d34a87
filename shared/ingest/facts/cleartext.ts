/**
 * Data sent over the network in cleartext ("ZoneAlarm sends sensitive system and network
 * information in cleartext to the Zone Labs server", "transmit credentials in plaintext"): only
 * someone on the path of that traffic reads it. Where the description names no attacker, NVD's
 * network vector (AV:N) says only that the traffic crosses a network; the attacker is on-path,
 * never "anyone who can reach it over the network". Storage in cleartext ("stores passwords in
 * plaintext") is not sent anywhere and is left alone.
 */
const SENT_IN_CLEARTEXT =
  /\b(?:sends?|sent|sending|transmits?|transmitted|transmitting|transfers?|transferred|communicates?)\b[^.;]{0,80}?\b(?:in (?:clear ?text|plain ?text|the clear|unencrypted form)|unencrypted|without encryption|via unencrypted HTTP|over (?:an? )?(?:unencrypted|insecure|cleartext|plaintext) (?:channel|connection|HTTP|protocol))\b|\b(?:clear ?text|plain ?text|unencrypted) transmission\b/i;

export const sentInCleartext = (description: string): boolean => SENT_IN_CLEARTEXT.test(description);
