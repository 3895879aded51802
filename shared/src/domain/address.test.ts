import { describe, expect, it } from 'vitest';
import { shortenAddress } from './address.ts';

describe('shortenAddress', () => {
  it.each([
    // Photon and Nominatim style: name, street, city, county, state, ZIP, country.
    ['Golden Gate Bridge, San Francisco, California, 94129, United States', 'Golden Gate Bridge, San Francisco, CA 94129'],
    ['Bridgeway, Sausalito, Marin County, California, 94965, United States', 'Bridgeway, Sausalito, CA 94965'],
    ['1600, Pennsylvania Avenue Northwest, Washington, District of Columbia, 20500, United States', '1600 Pennsylvania Avenue Northwest, Washington, DC 20500'],
    [
      'Empire State Building, 350, 5th Avenue, Manhattan, New York County, New York, 10118, United States of America',
      'Empire State Building, 350 5th Avenue, Manhattan, NY 10118',
    ],
    ['Preservation Hall, 726, Saint Peter Street, New Orleans, Orleans Parish, Louisiana, 70116, United States', 'Preservation Hall, 726 Saint Peter Street, New Orleans, LA 70116'],
    // The offline gazetteer writes the state code already.
    ['Portland, OR, United States', 'Portland, OR'],
    ['Chicago, IL, United States', 'Chicago, IL'],
    // A ZIP+4 keeps its 5 digits, inside or after the state part.
    ['100 Congress Ave, Austin, Texas 78701-4042, USA', '100 Congress Ave, Austin, TX 78701'],
    ['100 Congress Ave, Austin, TX, 78701-4042', '100 Congress Ave, Austin, TX 78701'],
    // Typed by hand without a country.
    ['Moab, Utah', 'Moab, UT'],
    ['Seattle, washington', 'Seattle, WA'],
    ['Washington, DC', 'Washington, DC'],
    ['Asheville, North Carolina 28801', 'Asheville, NC 28801'],
    // Georgia the state needs a US marker; Georgia the country stays.
    ['Savannah, Georgia, United States', 'Savannah, GA'],
    ['Savannah, Georgia 31401', 'Savannah, GA 31401'],
    ['Tbilisi, Georgia', 'Tbilisi, Georgia'],
    // A US address without a state keeps the rest, the ZIP last.
    ['Yellowstone National Park, Park County, 82190, United States', 'Yellowstone National Park, 82190'],
    ['United States', ''],
    // A stop named after a county keeps its name.
    ['Orange County, California, United States', 'Orange County, CA'],
    ['San Juan, Puerto Rico, 00901, United States', 'San Juan, PR 00901'],
  ])('shortens %j to %j', (address, short) => {
    expect(shortenAddress(address)).toBe(short);
  });

  it.each([
    ['Paris, Île-de-France, 75001, France'],
    ['10 Downing Street, London, SW1A 2AA, United Kingdom'],
    ['Banff, Alberta, Canada'],
    ['County Cork, Ireland'],
    ['Springfield'],
  ])('leaves the non-US or bare address %j alone', (address) => {
    expect(shortenAddress(address)).toBe(address);
  });

  it('tidies stray spaces and empty parts, and gives an empty string for no address', () => {
    expect(shortenAddress('  Zion National Park ,,  Springdale ,  Utah , United States ')).toBe('Zion National Park, Springdale, UT');
    expect(shortenAddress(null)).toBe('');
    expect(shortenAddress('')).toBe('');
  });
});
