import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS } from '@caravan/shared';
import { repoRoot } from '@caravan/engine';
import { invitationEmail, invitationLink } from './invitationEmail.ts';

const base = {
  inviterName: 'Ada',
  tripTitle: 'Route 66',
  role: 'viewer' as const,
  link: 'https://caravan.example/invitation/tok_1',
  expiresAt: new Date('2025-06-08T09:30:00Z'),
};

describe('invitation e-mail', () => {
  it('says who invites to which trip, in which role, with the link and the expiry, in both parts', () => {
    const email = invitationEmail(base);

    expect(email.subject).toBe('Ada invited you to plan "Route 66" on Caravan');
    for (const body of [email.text, email.html]) {
      expect(body).toContain('as a viewer');
      expect(body).toContain('https://caravan.example/invitation/tok_1');
      expect(body).toMatch(/June 8, 2025 at 9:30\sAM UTC/);
    }
    expect(email.text).toContain('Ada invited you to plan "Route 66" on Caravan as a viewer');
    expect(email.html).toContain('<a href="https://caravan.example/invitation/tok_1"');
    expect(invitationEmail({ ...base, role: 'editor' }).text).toContain('as an editor');
  });

  it('escapes a trip title and a name that hold markup, ampersands and quotes in the HTML part', () => {
    const email = invitationEmail({
      ...base,
      inviterName: 'Mallory <img src=x onerror=alert(1)>',
      tripTitle: `<script>alert("trip")</script> & 'Friends'`,
      link: 'https://caravan.example/invitation/tok_1?a=1&b="2"',
    });

    expect(email.html).not.toMatch(/<script|<img/i);
    expect(email.html).toContain('&lt;script&gt;alert(&quot;trip&quot;)&lt;/script&gt; &amp; &#39;Friends&#39;');
    expect(email.html).toContain('Mallory &lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('href="https://caravan.example/invitation/tok_1?a=1&amp;b=&quot;2&quot;"');
    // Plain text and the subject are not HTML: they carry the title as typed.
    expect(email.text).toContain(`plan "<script>alert("trip")</script> & 'Friends'"`);
    expect(email.subject).toBe(`Mallory <img src=x onerror=alert(1)> invited you to plan "<script>alert("trip")</script> & 'Friends'" on Caravan`);
  });

  it('keeps the subject on one line when the title holds a line break', () => {
    const email = invitationEmail({ ...base, tripTitle: 'Summer\r\nBcc: victim@example.com' });
    expect(email.subject).toBe('Ada invited you to plan "Summer Bcc: victim@example.com" on Caravan');
  });
});

describe('invitation link', () => {
  it('is {origin}/invitation/{token}, whether or not the origin ends with a slash', () => {
    expect(invitationLink('https://caravan.example', 'tok_1')).toBe('https://caravan.example/invitation/tok_1');
    expect(invitationLink('http://localhost:3000/', 'a/b c')).toBe('http://localhost:3000/invitation/a%2Fb%20c');
  });
});

describe("invitation e-mail's colours", () => {
  it("draws the Accept button in the app's accent, the colour of the web's light theme", async () => {
    const css = await readFile(`${repoRoot}/web/src/theme.css`, 'utf8');
    const variable = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1].trim().toLowerCase();
    expect(variable('accent')).toBe(BRAND_COLOURS.accent);
    expect(variable('text')).toBe(BRAND_COLOURS.text);
    expect(variable('bg')).toBe(BRAND_COLOURS.background);
    expect(variable('muted')).toBe(BRAND_COLOURS.muted);
    const button = /<a [^>]*style="([^"]*)"[^>]*>Accept Invitation<\/a>/.exec(invitationEmail(base).html)?.[1];
    expect(button).toContain(`background:${BRAND_COLOURS.accent}`);
    expect(button).toContain('color:#ffffff');
  });
});
