import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('collab process URLs in the config', () => {
  it('reads COLLAB_URLS as a list, separated by commas or spaces, without duplicates or trailing slashes', () => {
    const { collabUrls } = loadConfig({ COLLAB_URLS: 'http://collab-1:1234, http://collab-2:1234/ http://collab-1:1234' });
    expect(collabUrls).toEqual(['http://collab-1:1234', 'http://collab-2:1234']);
  });

  it('keeps COLLAB_URL working as a list of one, and defaults to the local collab port', () => {
    expect(loadConfig({ COLLAB_URL: 'http://collab:1234' }).collabUrls).toEqual(['http://collab:1234']);
    expect(loadConfig({ COLLAB_PORT: '4321' }).collabUrls).toEqual(['http://127.0.0.1:4321']);
    expect(loadConfig({ COLLAB_URLS: 'http://a:1', COLLAB_URL: 'http://b:2' }).collabUrls).toEqual(['http://a:1']);
  });

  it('refuses a URL that is not an origin, naming it', () => {
    expect(() => loadConfig({ COLLAB_URLS: 'http://a:1,collab-2:1234' })).toThrow(/'collab-2:1234' is not an http:\/\/ or ws:\/\/ origin/);
    expect(() => loadConfig({ COLLAB_URLS: 'http://a:1/collab' })).toThrow(/is not an http/);
    expect(() => loadConfig({ COLLAB_URLS: 'https://a:1' })).toThrow(/is not an http/);
    expect(() => loadConfig({ COLLAB_URLS: ' , ' })).toThrow(/lists no collab process/);
  });
});

describe('HISTORY_DAYS', () => {
  it('keeps 90 days of versions by default, or the whole number of days set; refuses anything else', () => {
    expect(loadConfig({}).historyDays).toBe(90);
    expect(loadConfig({ HISTORY_DAYS: '30' }).historyDays).toBe(30);
    for (const days of ['0', '-1', '1.5', 'forever']) expect(() => loadConfig({ HISTORY_DAYS: days })).toThrow(/HISTORY_DAYS must be a whole number/);
  });
});

describe('MAP_PMTILES_URL', () => {
  it('takes an http(s) URL of an archive, is off with MAP_TILES=off, and refuses anything else', () => {
    expect(loadConfig({}).mapPmtilesUrl).toBeUndefined();
    expect(loadConfig({ MAP_PMTILES_URL: 'https://maps.example.org/planet.pmtiles' }).mapPmtilesUrl).toBe('https://maps.example.org/planet.pmtiles');
    expect(loadConfig({ MAP_PMTILES_URL: 'https://maps.example.org/planet.pmtiles', MAP_TILES: 'off' }).mapPmtilesUrl).toBeUndefined();
    for (const url of ['planet.pmtiles', 'file:///srv/planet.pmtiles', 'ftp://maps/planet.pmtiles']) {
      expect(() => loadConfig({ MAP_PMTILES_URL: url })).toThrow(/MAP_PMTILES_URL must be an http/);
    }
  });
});
