/**
 * US-style short addresses for the stop list (docs/product.md#stops): the state as its two-letter code, no
 * 'United States' and no county, a 5-digit ZIP kept after the state ("Sausalito, CA 94965").
 * Addresses that do not read as American are left as they are: a French postcode is not a ZIP, and
 * "Georgia" counts as the state only next to 'United States' or a ZIP, since it is a country too.
 */

const STATE_CODES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO',
  connecticut: 'CT', delaware: 'DE', 'district of columbia': 'DC', florida: 'FL', georgia: 'GA',
  hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY',
  louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN',
  mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH',
  'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND',
  ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI',
  'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT',
  virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
  'puerto rico': 'PR', guam: 'GU', 'american samoa': 'AS', 'northern mariana islands': 'MP',
  'united states virgin islands': 'VI', 'u.s. virgin islands': 'VI',
};
const CODES = new Set(Object.values(STATE_CODES));
/** State names that are also countries: "Tbilisi, Georgia" is not in the United States. */
const ALSO_A_COUNTRY = new Set(['georgia']);

const US_COUNTRY = /^(united states( of america)?|usa|u\.s\.a\.?|us|u\.s\.?)$/i;
const COUNTY = /\s(county|parish)$/i;
const ZIP = /^(\d{5})(?:-\d{4})?$/;
/** A state, optionally followed by its ZIP: "California", "CA 94965", "Texas 78701-1234". */
const STATE_WITH_ZIP = /^(.+?)(?:\s+(\d{5})(?:-\d{4})?)?$/;
const HOUSE_NUMBER = /^\d+[a-z]?$/i;

function stateCode(text: string, knownUS: boolean): string | undefined {
  const key = text.toLowerCase().replace(/\s+/g, ' ');
  if (STATE_CODES[key]) return knownUS || !ALSO_A_COUNTRY.has(key) ? STATE_CODES[key] : undefined;
  const code = text.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && CODES.has(code) ? code : undefined;
}

export function shortenAddress(address: string | null | undefined): string {
  if (!address) return '';
  const original = address
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  let parts = original.filter((part) => !US_COUNTRY.test(part));
  const namedCountry = parts.length < original.length;

  let zip: string | undefined;
  if (parts.length > 1) {
    const trailingZip = ZIP.exec(parts[parts.length - 1]);
    if (trailingZip) {
      zip = trailingZip[1];
      parts = parts.slice(0, -1);
    }
  }

  let state: string | undefined;
  const last = parts.length > 1 ? STATE_WITH_ZIP.exec(parts[parts.length - 1]) : null;
  const code = last ? stateCode(last[1], namedCountry || zip !== undefined || last[2] !== undefined) : undefined;
  if (last && code) {
    state = code;
    zip = last[2] ?? zip;
    parts = parts.slice(0, -1);
  }
  if (!state && !namedCountry) return original.join(', ');

  // The first part is the place's own name and stays even if it is "Orange County".
  parts = parts.filter((part, index) => index === 0 || !COUNTY.test(part));
  // OpenStreetMap writes the house number as its own part: "1600, Pennsylvania Avenue".
  const joined: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (HOUSE_NUMBER.test(parts[i]) && i + 1 < parts.length) {
      joined.push(`${parts[i]} ${parts[i + 1]}`);
      i++;
    } else {
      joined.push(parts[i]);
    }
  }
  const tail = [state, zip].filter(Boolean).join(' ');
  return [...joined, ...(tail ? [tail] : [])].join(', ');
}
