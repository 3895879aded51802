/**
 * Reads a client's Yjs update against the room's document without applying it: where every new item will
 * land and which live items its delete set removes. Yjs drops the parent of an item that has an origin and
 * parks items whose dependencies are missing as "pending" (integrated later, unchecked), so this module
 * replays Yjs' own integration order (`integrateStructs` in yjs/src/utils/encoding.js) and refuses any update
 * that Yjs could not integrate at once.
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { CHECKLIST_ROOTS, DECISION_ROOTS, ROOT, type ChecklistRoot, type DecisionRoot } from '@caravan/shared';

export const MALFORMED = 'malformed update';
export const MISSING = 'missing dependency';

type Struct = Y.Item | Y.GC | Y.Skip;
/** Yjs does not export the DeleteSet class itself. */
export type DeleteSet = ReturnType<typeof Y.decodeUpdate>['ds'];

/**
 * The container an item lands in: the stops root, one stop's Y.Map (held by `stopItem`), a root of plain values
 * members write (votes, polls: shared/src/tripDoc/decisions.ts; checklists: shared/src/tripDoc/checklists.ts), or anything else.
 */
export type Container =
  | { kind: 'stops' }
  | { kind: 'stop'; stopItem: Y.Item }
  | { kind: 'part'; root: PartRoot }
  | { kind: 'elsewhere' };

export type PartRoot = DecisionRoot | ChecklistRoot;
const PART_ROOTS: ReadonlySet<string> = new Set([...Object.values(DECISION_ROOTS), ...Object.values(CHECKLIST_ROOTS)]);
const rootContainer = (name: string): Container =>
  name === ROOT.stops ? { kind: 'stops' } : PART_ROOTS.has(name) ? { kind: 'part', root: name as PartRoot } : { kind: 'elsewhere' };
/** Where an item lands; null when Yjs turns it into a GC struct, so none of its content reaches the doc. */
export type Place = { container: Container; key: string | null } | null;
export type PlacedItem = { item: Y.Item; place: Place };

export interface UpdateStructure {
  ds: DeleteSet;
  /** Items Yjs will integrate (already-known ones left out), in integration order. */
  inserted: PlacedItem[];
  /** Live items the delete set removes, in the doc or in this update. */
  deleted: PlacedItem[];
  structCount: number;
}

/** Placement found by lookup: a GC struct, an item with its place, or nothing (missing). */
type Found = { gc: true } | { gc: false; item: Y.Item; place: Place } | null;

export function readUpdateStructure(doc: Y.Doc, update: Uint8Array): UpdateStructure | string {
  let decoded: { structs: Struct[]; ds: DeleteSet };
  let sections: number;
  try {
    decoded = Y.decodeUpdate(update);
    sections = decoding.readVarUint(decoding.createDecoder(update));
  } catch {
    return MALFORMED;
  }
  const byClient = new Map<number, Struct[]>();
  for (const struct of decoded.structs) {
    const list = byClient.get(struct.id.client);
    if (list) list.push(struct);
    else byClient.set(struct.id.client, [struct]);
  }
  // Yjs keeps only the last section of a client that appears twice (or an empty section): refuse, or we
  // would check structs Yjs never applies and miss that the rest goes pending.
  if (sections !== byClient.size) return MALFORMED;
  return new Reader(doc, byClient, decoded.ds).read(decoded.structs.length);
}

class Reader {
  private readonly store: Y.Doc['store'];
  private readonly stopsRoot: Y.AbstractType<any> | undefined;
  /** Clock up to which each client's structs exist: the doc's state, advanced as update structs integrate. */
  private readonly state = new Map<number, number>();
  private readonly places = new Map<Y.Item, Place>();
  private readonly inserted: PlacedItem[] = [];

  constructor(
    private readonly doc: Y.Doc,
    private readonly byClient: Map<number, Struct[]>,
    private readonly ds: DeleteSet,
  ) {
    this.store = doc.store;
    this.stopsRoot = doc.share.get(ROOT.stops);
  }

  read(structCount: number): UpdateStructure | string {
    const deleted = this.integrateAll() ?? this.collectDeleted();
    if (typeof deleted === 'string') return deleted;
    return { ds: this.ds, inserted: this.inserted, deleted, structCount };
  }

  private stateOf(client: number): number {
    return this.state.get(client) ?? Y.getState(this.store, client);
  }

  /**
   * Same walk as Yjs: take clients from the highest id, and when a struct needs another client's struct
   * that is not there yet, stack it and continue with that client. Wherever Yjs would park structs as
   * pending, refuse instead.
   */
  private integrateAll(): string | null {
    const cursors = new Map([...this.byClient].map(([client, refs]) => [client, { i: 0, refs }]));
    const order = [...this.byClient.keys()].sort((a, b) => a - b);
    const nextTarget = () => {
      while (order.length > 0) {
        const target = cursors.get(order[order.length - 1])!;
        if (target.i < target.refs.length) return target;
        order.pop();
      }
      return null;
    };
    let target = nextTarget();
    if (!target) return null;
    const stack: Struct[] = [];
    let head = target.refs[target.i++];
    for (;;) {
      if (!(head instanceof Y.Skip)) {
        const have = this.stateOf(head.id.client);
        if (have < head.id.clock) return MISSING;
        const missing = this.missingClient(head);
        if (typeof missing === 'string') return missing;
        if (missing !== null) {
          stack.push(head);
          const source = cursors.get(missing);
          if (!source || source.i === source.refs.length) return MISSING;
          head = source.refs[source.i++];
          continue;
        }
        if (head.id.clock + head.length > have) {
          if (head instanceof Y.Item && !this.integrate(head, have)) return MALFORMED;
          this.state.set(head.id.client, head.id.clock + head.length);
        }
      }
      if (stack.length > 0) head = stack.pop()!;
      else if (target && target.i < target.refs.length) head = target.refs[target.i++];
      else {
        target = nextTarget();
        if (!target) return null;
        head = target.refs[target.i++];
      }
    }
  }

  /** Yjs' `getMissing`: the client whose struct this one still waits for, or null when nothing is missing. */
  private missingClient(struct: Y.Item | Y.GC): number | null | string {
    if (!(struct instanceof Y.Item)) return null;
    const parent = struct.parent as Y.ID | string | null;
    for (const ref of [struct.origin, struct.rightOrigin, parent instanceof Y.ID ? parent : null]) {
      if (!ref) continue;
      // Yjs looks a same-client reference up without waiting for it, and throws if it is not there yet.
      if (ref.client === struct.id.client) {
        if (ref.clock >= struct.id.clock) return MALFORMED;
      } else if (ref.clock >= this.stateOf(ref.client)) return ref.client;
    }
    return null;
  }

  /** Records where `item` lands; false when Yjs would link it into a list other than its parent's. */
  private integrate(item: Y.Item, have: number): boolean {
    const place = this.placeOfNew(item);
    // Yjs cuts a partly known item to its new part and puts that right after the struct before it, whatever
    // parent its origin gave it: a crafted one would be linked into another type's list (or crash on a GC).
    if (item.id.clock < have && place !== null) {
      const before = this.find(Y.createID(item.id.client, have - 1));
      if (!before || before.gc || !samePlace(before.place, place)) return false;
    }
    this.places.set(item, place);
    this.inserted.push({ item, place });
    return true;
  }

  /** Mirrors `Item.getMissing`: a GC neighbour drops the item; otherwise the parent comes from a neighbour. */
  private placeOfNew(item: Y.Item): Place {
    const left = item.origin ? this.find(item.origin) : null;
    const right = item.rightOrigin ? this.find(item.rightOrigin) : null;
    if (left?.gc || right?.gc) return null;
    if (item.origin || item.rightOrigin) {
      const neighbour = left ?? right;
      return neighbour && !neighbour.gc ? neighbour.place : null;
    }
    const parent = item.parent as Y.ID | string;
    if (typeof parent === 'string') {
      return { container: rootContainer(parent), key: item.parentSub };
    }
    const holder = this.find(parent);
    if (!holder || holder.gc || !(holder.item.content instanceof Y.ContentType)) return null;
    return { container: this.containerHeldBy(holder.item, holder.place), key: item.parentSub };
  }

  private containerHeldBy(holder: Y.Item, place: Place): Container {
    const isStop =
      place?.container.kind === 'stops' &&
      place.key !== null &&
      holder.content instanceof Y.ContentType &&
      holder.content.type instanceof Y.Map;
    return isStop ? { kind: 'stop', stopItem: holder } : { kind: 'elsewhere' };
  }

  private placeOfDocItem(item: Y.Item): Place {
    const type = item.parent as Y.AbstractType<any>;
    if (type === this.stopsRoot) return { container: { kind: 'stops' }, key: item.parentSub };
    // A root type has no item of its own; its name is the one it was shared under.
    if (type._item === null) {
      for (const root of PART_ROOTS) if (this.doc.share.get(root) === type) return { container: rootContainer(root), key: item.parentSub };
    }
    const holder = type._item;
    const container: Container =
      holder && holder.parent === this.stopsRoot && holder.parentSub !== null && type instanceof Y.Map
        ? { kind: 'stop', stopItem: holder }
        : { kind: 'elsewhere' };
    return { container, key: item.parentSub };
  }

  /** The struct holding `id`: in the doc below its state, else among this update's integrated structs. */
  private find(id: Y.ID): Found {
    if (id.clock < Y.getState(this.store, id.client)) {
      const structs = this.store.clients.get(id.client)!;
      const struct = structs[Y.findIndexSS(structs, id.clock)];
      return struct instanceof Y.Item ? { gc: false, item: struct, place: this.placeOfDocItem(struct) } : { gc: true };
    }
    const struct = this.findInUpdate(id.client, id.clock);
    if (!struct || struct instanceof Y.Skip) return null;
    if (struct instanceof Y.GC) return { gc: true };
    const place = this.places.get(struct);
    // Yjs stores an item it could not place as a GC struct.
    return place === undefined ? null : place === null ? { gc: true } : { gc: false, item: struct, place };
  }

  private findInUpdate(client: number, clock: number): Struct | undefined {
    const refs = this.byClient.get(client);
    if (!refs) return undefined;
    let lo = 0;
    let hi = refs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const struct = refs[mid];
      if (clock < struct.id.clock) hi = mid - 1;
      else if (clock >= struct.id.clock + struct.length) lo = mid + 1;
      else return struct;
    }
    return undefined;
  }

  /**
   * Live items each delete range covers. Ranges also repeat deletions the doc already has (a sync step 2
   * carries the client's whole delete set); those change nothing and are skipped.
   */
  private collectDeleted(): PlacedItem[] | string {
    const deleted: PlacedItem[] = [];
    for (const [client, ranges] of this.ds.clients) {
      const docState = Y.getState(this.store, client);
      const available = this.stateOf(client);
      for (const { clock, len } of ranges) {
        const end = clock + len;
        // Yjs parks a range reaching past what exists as pending (and throws re-encoding an empty one).
        if (clock >= available || end > available) return MISSING;
        let cursor = clock;
        if (cursor < Math.min(end, docState)) {
          const structs = this.store.clients.get(client)!;
          for (let i = Y.findIndexSS(structs, cursor); i < structs.length && structs[i].id.clock < end; i++) {
            const struct = structs[i];
            if (struct instanceof Y.Item && !struct.deleted) {
              deleted.push({ item: struct, place: this.placeOfDocItem(struct) });
            }
          }
          cursor = docState;
        }
        while (cursor < end) {
          const found = this.find(Y.createID(client, cursor));
          if (!found) return MISSING;
          if (!found.gc) deleted.push(found);
          const struct = this.findInUpdate(client, cursor)!;
          cursor = struct.id.clock + struct.length;
        }
      }
    }
    return deleted;
  }
}

function samePlace(a: Place, b: Place): boolean {
  if (a === null || b === null) return a === b;
  const sameContainer =
    a.container.kind === b.container.kind &&
    (a.container.kind !== 'stop' || a.container.stopItem === (b.container as { stopItem: Y.Item }).stopItem) &&
    (a.container.kind !== 'part' || a.container.root === (b.container as { root: PartRoot }).root);
  return sameContainer && a.key === b.key;
}
