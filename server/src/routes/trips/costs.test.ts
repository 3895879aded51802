/** /_api/trips/costs: recording, editing and deleting expenses and payments by role, balances, settle-up, settings and the CSV. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { MONEY_ENTRIES_MAX, expensesMap, messages, moneyMessages, readActivity, readMoney } from '@caravan/shared';
import { download, readPdfText } from '../../test/exportReaders.ts';
import { pngDataUrl } from '../../test/tripDetailFixtures.ts';
import { serverOrigin } from '@caravan/engine';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
type Who = 'owner' | 'editor' | 'viewer' | 'outsider';

const fuel = (crew: Crew, paidBy: Who, extra: object = {}) => ({
  tripId: crew.trip.id,
  description: 'Fuel',
  amount: 4200,
  currency: 'EUR',
  paidBy: crew[paidBy].id,
  date: '2026-07-01',
  category: 'fuel',
  split: { kind: 'equal', parts: [crew.owner, crew.editor, crew.viewer].map((user) => ({ userId: user.id, value: 1 })) },
  ...extra,
});
const post = (crew: Crew, as: Who, path: string, body: object) => t.api.post(`/trips/costs${path}`, body, { as: crew[as] });
const liveDoc = async (tripId: string) => (await t.server.deps.tripDocs.open(tripId))!.doc;

describe('POST /trips/costs/expenses', () => {
  it('lets a viewer record an expense they paid: into the document, with its activity entry', async () => {
    const crew = await tripWithCrew(db());
    const response = await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { description: '  Fuel  ' }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ description: 'Fuel', amount: 4200, paidBy: crew.viewer.id, createdBy: crew.viewer.id, homeAmount: 4200 });
    const doc = await liveDoc(crew.trip.id);
    expect(expensesMap(doc).get(response.body.id)).toMatchObject({ description: 'Fuel', amount: 4200 });
    expect(readActivity(doc).at(-1)).toMatchObject({
      activityType: 'expense_added',
      userId: crew.viewer.id,
      activityData: { expenseId: response.body.id, description: 'Fuel', amount: 4200, currency: 'EUR', category: 'fuel', paidBy: crew.viewer.id },
    });
    const [row] = await db().query(`SELECT activity_type FROM activities WHERE trip_id = $1 ORDER BY created_at DESC LIMIT 1`, [crew.trip.id]);
    expect(row.activity_type).toBe('expense_added');
  });

  it("refuses a viewer's expense in another member's name, and edits or deletes of another's; owner and editors change any", async () => {
    const crew = await tripWithCrew(db());
    expect(await post(crew, 'viewer', '/expenses', fuel(crew, 'owner'))).toMatchObject({ status: 403, body: { error: moneyMessages.notYours } });
    const owners = (await post(crew, 'owner', '/expenses', fuel(crew, 'owner'))).body.id;
    const update = { ...fuel(crew, 'owner'), expenseId: owners, amount: 5000 };
    expect(await post(crew, 'viewer', '/expenses/update', update)).toMatchObject({ status: 403, body: { error: moneyMessages.notYours } });
    expect(await post(crew, 'viewer', '/expenses/delete', { tripId: crew.trip.id, expenseId: owners })).toMatchObject({ status: 403 });
    expect(await post(crew, 'editor', '/expenses/update', update)).toMatchObject({ status: 200, body: { amount: 5000, createdBy: crew.owner.id } });
    expect(await post(crew, 'editor', '/expenses/delete', { tripId: crew.trip.id, expenseId: owners })).toMatchObject({ status: 200, body: { deleted: true } });
    expect(expensesMap(await liveDoc(crew.trip.id)).size).toBe(0);
    expect(await post(crew, 'outsider', '/expenses', fuel(crew, 'outsider'))).toMatchObject({ status: 404 });
  });

  it('puts the rate in the normal form the live door holds: none in the home currency, else to the home currency, remembered', async () => {
    const crew = await tripWithCrew(db());
    const home = await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { rate: '2' }));
    expect(home).toMatchObject({ status: 200, body: { currency: 'EUR', rate: null, rateTo: null } });
    const foreign = await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { currency: 'USD', amount: 1000, rate: '0.9' }));
    expect(foreign).toMatchObject({ status: 200, body: { currency: 'USD', rate: '0.9', rateTo: 'EUR', homeAmount: 900 } });
    const doc = await liveDoc(crew.trip.id);
    expect(expensesMap(doc).get(home.body.id)).toMatchObject({ rate: null, rateTo: null });
    expect(readMoney(doc).rates).toEqual({ USD: '0.9' });
  });

  it('answers bad values with a clear 400 and changes nothing', async () => {
    const crew = await tripWithCrew(db());
    const refusals: Array<[object, string]> = [
      [{ amount: 12.5 }, moneyMessages.invalidAmount],
      [{ currency: 'XYZ' }, moneyMessages.invalidCurrency],
      [{ description: '\u0000' }, 'Text contains characters that cannot be stored.'],
      [{ split: { kind: 'exact', parts: [{ userId: crew.viewer.id, value: 4000 }] } }, 'The exact amounts must add up to the expense amount.'],
      [{ split: { kind: 'percent', parts: [{ userId: crew.viewer.id, value: 9000 }] } }, 'The percentages must add up to 100.'],
      [{ split: { kind: 'equal', parts: [{ userId: crew.outsider.id, value: 1 }] } }, moneyMessages.notAMember],
      [{ rate: '-1', currency: 'USD' }, moneyMessages.invalidRate],
    ];
    for (const [change, message] of refusals) {
      const response = await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', change));
      expect({ status: response.status, error: response.body.error }).toEqual({ status: 400, error: expect.stringContaining(message.slice(0, 30)) });
    }
    expect(expensesMap(await liveDoc(crew.trip.id)).size).toBe(0);
  });
});

describe('POST /trips/costs/receipts', () => {
  it('stores a receipt photo like a journal photo, which an expense then carries and members open', async () => {
    const crew = await tripWithCrew(db());
    const upload = await post(crew, 'viewer', '/receipts', { tripId: crew.trip.id, image: await pngDataUrl(40, 30) });
    expect(upload.status).toBe(200);
    expect(upload.body.url).toMatch(/^\/_api\/photos\/[0-9a-f-]{36}$/);
    const expense = await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { receiptPhoto: upload.body.url }));
    expect(expense).toMatchObject({ status: 200, body: { receiptPhoto: upload.body.url } });
    const path = upload.body.url.replace('/_api', '');
    expect((await t.api.get(path, { as: crew.editor })).status).toBe(200);
    expect((await t.api.get(path, { as: crew.outsider })).status).toBe(404);
    expect(await post(crew, 'viewer', '/receipts', { tripId: crew.trip.id, image: 'data:image/png;base64,AAAA' })).toMatchObject({ status: 400 });
  });

  it('deletes a stored receipt once no expense carries it: replaced, removed, or its expense deleted', async () => {
    const crew = await tripWithCrew(db());
    const upload = async () => (await post(crew, 'viewer', '/receipts', { tripId: crew.trip.id, image: await pngDataUrl(40, 30) })).body.url as string;
    const storageKey = async (url: string) =>
      (await db().query(`SELECT storage_key FROM photos WHERE id = $1`, [url.split('/').at(-1)]))[0].storage_key as string;
    /** The receipt's row and bytes, both or neither. */
    const kept = async (url: string, key: string) => {
      const rows = await db().query(`SELECT 1 FROM photos WHERE id = $1`, [url.split('/').at(-1)]);
      const blob = await t.server.deps.blobStore.get(key);
      expect(rows.length === 1).toBe(blob !== null);
      return blob !== null;
    };
    const [first, second, shared] = [await upload(), await upload(), await upload()];
    const keys = { first: await storageKey(first), second: await storageKey(second), shared: await storageKey(shared) };
    const id = (await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { receiptPhoto: first }))).body.id;

    await post(crew, 'viewer', '/expenses/update', { ...fuel(crew, 'viewer', { receiptPhoto: second }), expenseId: id });
    expect(await kept(first, keys.first)).toBe(false);
    expect(await kept(second, keys.second)).toBe(true);
    await post(crew, 'viewer', '/expenses/update', { ...fuel(crew, 'viewer', { receiptPhoto: null }), expenseId: id });
    expect(await kept(second, keys.second)).toBe(false);

    // One receipt on two expenses: it goes with the last of them.
    await post(crew, 'viewer', '/expenses/update', { ...fuel(crew, 'viewer', { receiptPhoto: shared }), expenseId: id });
    const other = (await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { receiptPhoto: shared }))).body.id;
    expect(await post(crew, 'viewer', '/expenses/delete', { tripId: crew.trip.id, expenseId: id })).toMatchObject({ status: 200 });
    expect(await kept(shared, keys.shared)).toBe(true);
    expect(await post(crew, 'viewer', '/expenses/delete', { tripId: crew.trip.id, expenseId: other })).toMatchObject({ status: 200 });
    expect(await kept(shared, keys.shared)).toBe(false);
  });
});

describe('receipts are photos the trip stored', () => {
  it("refuses an outside address, a photo that does not exist and another trip's; an expense kept with an address reads without it", async () => {
    const crew = await tripWithCrew(db());
    const elsewhere = await tripWithCrew(db());
    const theirs = (await post(elsewhere, 'viewer', '/receipts', { tripId: elsewhere.trip.id, image: await pngDataUrl(40, 30) })).body.url;
    const refused = { status: 400, body: { error: moneyMessages.invalidReceipt } };
    for (const receiptPhoto of ['https://tracker.example/pixel.gif', '//tracker.example/pixel.gif', `/_api/photos/${crypto.randomUUID()}`, theirs]) {
      expect(await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { receiptPhoto }))).toMatchObject(refused);
    }
    expect(expensesMap(await liveDoc(crew.trip.id)).size).toBe(0);

    // Written before the rule: the expense still counts and stays its payer's, its receipt shows as none.
    const { id: _id, homeAmount: _home, ...entry } = (await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer'))).body;
    const old = crypto.randomUUID();
    await t.server.deps.tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
      transact(() => expensesMap(doc).set(old, { ...entry, receiptPhoto: 'https://tracker.example/pixel.gif' })),
    );
    const overview = (await post(crew, 'editor', '', { tripId: crew.trip.id })).body;
    expect(overview.expenses.find((expense: { id: string }) => expense.id === old)).toMatchObject({ amount: 4200, receiptPhoto: null });
    expect(await post(crew, 'viewer', '/expenses/update', { ...fuel(crew, 'viewer', { amount: 5000 }), expenseId: old })).toMatchObject({ status: 200 });
    expect(await post(crew, 'viewer', '/expenses/delete', { tripId: crew.trip.id, expenseId: old })).toMatchObject({ status: 200 });
  });
});

describe('the cap on entries', () => {
  it('refuses the 2,001st expense, as the live door does', async () => {
    const crew = await tripWithCrew(db());
    const first = (await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer'))).body;
    const { id: _id, homeAmount: _home, ...entry } = first;
    await t.server.deps.tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
      transact(() => {
        for (let index = 1; index < MONEY_ENTRIES_MAX; index++) expensesMap(doc).set(crypto.randomUUID(), entry);
      }),
    );
    expect(await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer'))).toMatchObject({ status: 400, body: { error: moneyMessages.tooManyEntries } });
    expect(await post(crew, 'viewer', '/expenses/update', { ...fuel(crew, 'viewer'), expenseId: first.id, amount: 1 })).toMatchObject({ status: 200 });
  });
});

describe('balances, settle-up and payments', () => {
  it('counts two currencies and every split kind in the home currency, and settles up to zero', async () => {
    const crew = await tripWithCrew(db());
    const [o, e, v] = [crew.owner.id, crew.editor.id, crew.viewer.id];
    expect((await post(crew, 'owner', '/settings', { tripId: crew.trip.id, homeCurrency: 'EUR' })).status).toBe(200);
    await post(crew, 'owner', '/expenses', fuel(crew, 'owner', { amount: 999 })); // 3.33 each
    await post(crew, 'editor', '/expenses', fuel(crew, 'editor', { amount: 9000, currency: 'USD', rate: '0.9', split: { kind: 'shares', parts: [{ userId: o, value: 2 }, { userId: v, value: 1 }] } }));
    await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { amount: 3000, split: { kind: 'exact', parts: [{ userId: o, value: 1000 }, { userId: e, value: 2000 }] } }));
    await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { amount: 1001, split: { kind: 'percent', parts: [{ userId: e, value: 3333 }, { userId: v, value: 6667 }] } }));
    const overview = (await post(crew, 'viewer', '', { tripId: crew.trip.id })).body;
    expect(overview.rates).toEqual({ USD: '0.9' });
    expect(overview.expenses.map((x: { homeAmount: number }) => x.homeAmount).sort((a: number, b: number) => a - b)).toEqual([999, 1001, 3000, 8100]);
    const balance = Object.fromEntries(overview.balances.map((b: { userId: number; amount: number }) => [b.userId, b.amount]));
    // owner: +999 -333 -5400 -1000; editor: +8100 -333 -2000 -333; viewer: +3000 +1001 -333 -2700 -668
    expect(balance).toEqual({ [o]: -5734, [e]: 5434, [v]: 300 });
    expect(overview.settlements).toEqual([
      { from: o, to: e, amount: 5434 },
      { from: o, to: v, amount: 300 },
    ]);
    expect(await post(crew, 'viewer', '/payments', { tripId: crew.trip.id, from: o, to: e, amount: 5434, currency: 'EUR', date: '2026-07-03' })).toMatchObject({ status: 403 });
    for (const { from, to, amount } of overview.settlements) {
      const payer = from === o ? 'owner' : 'viewer';
      expect((await post(crew, payer, '/payments', { tripId: crew.trip.id, from, to, amount, currency: 'EUR', date: '2026-07-03' })).status).toBe(200);
    }
    const settled = (await post(crew, 'editor', '', { tripId: crew.trip.id })).body;
    expect(settled.balances.every((b: { amount: number }) => b.amount === 0)).toBe(true);
    expect(settled.settlements).toEqual([]);
    expect(readActivity(await liveDoc(crew.trip.id)).filter((a) => a.activityType === 'payment_recorded')).toHaveLength(2);
  });

  it('keeps the home currency and budgets to owner and editors, and shows planned against spent', async () => {
    const crew = await tripWithCrew(db());
    expect(await post(crew, 'viewer', '/settings', { tripId: crew.trip.id, homeCurrency: 'USD' })).toMatchObject({ status: 403, body: { error: moneyMessages.notYours } });
    expect((await post(crew, 'viewer', '/settings', { tripId: crew.trip.id, rates: { USD: '0.92' } })).status).toBe(200);
    await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer'));
    const response = await post(crew, 'editor', '/settings', { tripId: crew.trip.id, budget: { total: 100_000, fuel: 5000 } });
    expect(response.status).toBe(200);
    expect(response.body.budget.slice(0, 3)).toEqual([
      { key: 'total', planned: 100_000, spent: 4200, booked: 0 },
      { key: 'lodging', planned: null, spent: 0, booked: 0 },
      { key: 'fuel', planned: 5000, spent: 4200, booked: 0 },
    ]);
  });

  it("counts the lodging booked on overnight stops as planned lodging, at the remembered rates, and stops when the stop's overnight ends", async () => {
    const crew = await tripWithCrew(db());
    const add = (name: string) => t.api.post('/trips/stops', { tripId: crew.trip.id, name, latitude: 36.3, longitude: -121.8 }, { as: crew.owner });
    const [bigSur, carmel, paso] = [(await add('Big Sur')).body.id, (await add('Carmel')).body.id, (await add('Paso Robles')).body.id];
    const lodging = (amountMinor: number, currency: string) => ({
      name: 'Inn',
      address: null,
      checkIn: null,
      checkOut: null,
      confirmation: null,
      url: null,
      price: { amountMinor, currency },
      nights: 1,
    });
    const plan = (stopId: string, amountMinor: number, currency: string) =>
      t.api.post('/trips/stops/update-plan', { tripId: crew.trip.id, stopId, overnight: true, lodging: lodging(amountMinor, currency) }, { as: crew.owner });
    expect((await plan(bigSur, 30_000, 'EUR')).status).toBe(200);
    expect((await plan(carmel, 20_000, 'USD')).status).toBe(200);
    expect((await plan(paso, 5_000, 'GBP')).status).toBe(200);
    await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer'));
    // USD at a remembered rate; GBP has none, so it has no amount in euros yet and is not counted.
    const response = await post(crew, 'editor', '/settings', { tripId: crew.trip.id, rates: { USD: '0.9' }, budget: { lodging: 60_000 } });
    expect(response.body.budget.slice(0, 3)).toEqual([
      { key: 'total', planned: null, spent: 4200, booked: 48_000 },
      { key: 'lodging', planned: 60_000, spent: 0, booked: 48_000 },
      { key: 'fuel', planned: null, spent: 4200, booked: 0 },
    ]);

    await t.api.post('/trips/stops/update-plan', { tripId: crew.trip.id, stopId: carmel, overnight: false }, { as: crew.owner });
    const overview = await post(crew, 'viewer', '', { tripId: crew.trip.id });
    expect(overview.body.budget[1]).toEqual({ key: 'lodging', planned: 60_000, spent: 0, booked: 30_000 });
  });
});

describe('GET /trips/costs/csv', () => {
  it('lists the expenses with each member\'s share, the payments, the balances and settle-up, formula cells neutralised', async () => {
    const crew = await tripWithCrew(db());
    const yen = [{ userId: crew.owner.id, value: 3 }, { userId: crew.editor.id, value: 2 }, { userId: crew.viewer.id, value: 2 }];
    await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { description: '=HYPERLINK("http://evil","x")' }));
    await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { description: '@SUM(A1)', amount: 7, currency: 'JPY', rate: '0.01', split: { kind: 'exact', parts: yen } }));
    const payment = { tripId: crew.trip.id, from: crew.editor.id, to: crew.viewer.id, amount: 1000, currency: 'EUR', date: '2026-07-02' };
    expect((await post(crew, 'editor', '/payments', payment)).status).toBe(200);
    const response = await t.api.get(`/trips/costs/csv?tripId=${crew.trip.id}`, { as: crew.viewer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = response.body as string;
    // RFC 4180: CRLF between records, quotes doubled inside a quoted cell.
    expect(text).toContain(`2026-07-01,"'=HYPERLINK(""http://evil"",""x"")",fuel,42.00,EUR,Vera Viewer,42.00,equal,Olive Owner; Eddie Editor; Vera Viewer,14.00,14.00,14.00\r\n`);
    const records: string[][] = parse(text, { relax_column_count: true });
    const table = (title: string) => {
      const from = records.findIndex((record) => record.length === 1 && record[0] === title);
      const to = records.findIndex((record, index) => index > from && record.length === 1 && record[0] === '');
      return records.slice(from + 1, to < 0 ? undefined : to);
    };
    // A column per member, by name.
    const shares = ['Share of Eddie Editor in EUR', 'Share of Olive Owner in EUR', 'Share of Vera Viewer in EUR'];
    const expenses = table('Expenses');
    expect(expenses[0]).toEqual(['Date', 'Description', 'Category', 'Amount', 'Currency', 'Paid by', 'Amount in EUR', 'Split', 'Split among', ...shares]);
    // ¥7 at 0.01 is €0.07, shared as the yen are.
    expect(expenses.slice(1)).toEqual(
      expect.arrayContaining([
        ['2026-07-01', `'=HYPERLINK("http://evil","x")`, 'fuel', '42.00', 'EUR', 'Vera Viewer', '42.00', 'equal', 'Olive Owner; Eddie Editor; Vera Viewer', '14.00', '14.00', '14.00'],
        ['2026-07-01', "'@SUM(A1)", 'fuel', '7', 'JPY', 'Vera Viewer', '0.07', 'exact', 'Olive Owner; Eddie Editor; Vera Viewer', '0.02', '0.03', '0.02'],
      ]),
    );
    expect(expenses).toHaveLength(3);
    expect(table('Payments')).toEqual([
      ['Date', 'From', 'To', 'Amount', 'Currency', 'Amount in EUR'],
      ['2026-07-02', 'Eddie Editor', 'Vera Viewer', '10.00', 'EUR', '10.00'],
    ]);
    // A negative balance stays a number: only text that could run as a formula is prefixed.
    expect(table('Balances')).toEqual([
      ['Member', 'Balance in EUR (positive: is owed)'],
      ['Eddie Editor', '-4.02'],
      ['Olive Owner', '-14.03'],
      ['Vera Viewer', '18.05'],
    ]);
    expect(table('Settle up')).toEqual([
      ['From', 'To', 'Amount in EUR'],
      ['Olive Owner', 'Vera Viewer', '14.03'],
      ['Eddie Editor', 'Vera Viewer', '4.02'],
    ]);
  });
});

describe('the PDF itinerary', () => {
  it('ends with a costs page: expenses, balances in the home currency and how to settle up', async () => {
    const crew = await tripWithCrew(db());
    const pdf = () => download(t, `/trips/export?tripId=${crew.trip.id}&format=pdf`, crew.viewer);
    const text = messages.tripExport.file.costs;
    expect(await readPdfText((await pdf()).bytes)).not.toContain(text.settleUp);
    await post(crew, 'viewer', '/expenses', fuel(crew, 'viewer', { amount: 9000, currency: 'USD', rate: '0.9' }));
    const file = await pdf();
    expect(file.status).toBe(200);
    const page = await readPdfText(file.bytes);
    const lines = [
      text.heading,
      text.expense('Fuel', '90.00 USD', '81.00 EUR'),
      text.expenseDetails('2026-07-01', 'fuel', 'Vera Viewer'),
      text.balances('EUR'),
      text.balance('Vera Viewer', '54.00 EUR'),
      text.settleUp,
      text.payment('Olive Owner', 'Vera Viewer', '27.00 EUR'),
    ];
    for (const line of lines) expect(page).toContain(line);
    // The texts as a reader sees them.
    expect(page).toContain('Fuel — 90.00 USD (81.00 EUR)');
    expect(page).toContain('Olive Owner pays Vera Viewer 27.00 EUR');
  });
});
