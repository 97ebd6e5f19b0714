/**
 * Rule 4 of the contract (docs/api.md#the-services-rules): a course's `url` is always the
 * provider's own course URL, never an affiliate or tracking URL. What counts as tracking is written
 * here once; the data check (through the course record schema) and `data:verify` both ask
 * `trackingMarker`.
 */

/** Query parameters that identify a referrer, an affiliate or a campaign. */
const TRACKING_PARAMETERS = new Set([
  'ref',
  'ref_id',
  'referrer',
  'aff',
  'aff_id',
  'affid',
  'affiliate',
  'affiliate_id',
  'tag',
  'via',
  'fpr',
  'irclickid',
  'clickid',
  'gclid',
  'fbclid',
  'msclkid',
]);

/** Hosts of affiliate networks and link shorteners that redirect through them. */
const AFFILIATE_HOSTS = [
  'shareasale.com',
  'awin1.com',
  'clickbank.net',
  'hop.clickbank.net',
  'partnerstack.com',
  'impact.com',
  'sjv.io',
  'pxf.io',
  'linksynergy.com',
  'anrdoezrs.net',
  'jdoqocy.com',
  'tkqlhce.com',
  'dpbolvw.net',
  'kqzyfj.com',
  'prf.hn',
  'tradedoubler.com',
  'avantlink.com',
  'go.skimresources.com',
  'amzn.to',
  'refersion.com',
];

/** Why a URL is a tracking or affiliate URL (the marker found), or undefined when it is clean. */
export function trackingMarker(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase();
  const network = AFFILIATE_HOSTS.find((name) => host === name || host.endsWith(`.${name}`));
  if (network) return `the host ${host} is an affiliate network`;
  for (const name of parsed.searchParams.keys()) {
    const key = name.toLowerCase();
    if (key.startsWith('utm_') || TRACKING_PARAMETERS.has(key)) {
      return `the query parameter "${name}" is a tracking marker`;
    }
  }
  return undefined;
}

export const RULE_4 = "rule 4: a course link is the provider's own URL and never pays a commission";
