/**
 * The clock ranges a Yjs update (format v1, as the sync protocol and the update log carry it) writes and deletes,
 * per client, read without building its items: Y.decodeUpdate builds every item and its content, which costs ten
 * times as much when all the history wants is who made which ids. The layout read here is Yjs 13's
 * (readClientsStructRefs and the content readers in yjs/src); a test holds it to Y.decodeUpdate on every kind of
 * content. Throws on an update it cannot read (the caller falls back to Y.decodeUpdate).
 */

type Range = (client: number, start: number, end: number) => void;

class Reader {
  position = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.position >= this.bytes.length) throw new RangeError('update ends early');
    return this.bytes[this.position++];
  }

  /** lib0's var uint: 7 bits a byte, lowest first (multiplied, not shifted: client ids pass 2^31). */
  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
      if (scale > 2 ** 53) throw new RangeError('var uint too long');
    }
  }

  /** Skips an item id (client, clock). */
  id(): void {
    this.uint();
    this.uint();
  }

  skip(count: number): void {
    if (this.position + count > this.bytes.length) throw new RangeError('update ends early');
    this.position += count;
  }

  /** Skips a var string (its byte length, then UTF-8) and answers its length in UTF-16 units, as a string's item counts. */
  string(): number {
    const length = this.uint();
    const end = this.position + length;
    if (end > this.bytes.length) throw new RangeError('update ends early');
    let units = 0;
    for (let index = this.position; index < end; index++) {
      const byte = this.bytes[index];
      if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
    }
    this.position = end;
    return units;
  }

  /** Skips a var int (lib0: sign in the first byte, 7 bits a byte after it). */
  varInt(): void {
    while (this.byte() >= 0x80);
  }

  /** Skips one value of lib0's `writeAny`. */
  any(): void {
    const type = this.byte();
    switch (type) {
      case 127:
      case 126:
      case 121:
      case 120:
        return;
      case 125:
        return this.varInt();
      case 124:
        return this.skip(4);
      case 123:
      case 122:
        return this.skip(8);
      case 119:
        return void this.string();
      case 118: {
        const count = this.uint();
        for (let index = 0; index < count; index++) {
          this.string();
          this.any();
        }
        return;
      }
      case 117: {
        const count = this.uint();
        for (let index = 0; index < count; index++) this.any();
        return;
      }
      case 116:
        return this.skip(this.uint());
      default:
        throw new RangeError(`unknown any type ${type}`);
    }
  }

  /** Skips an item's content of kind `ref` and answers how many ids it takes. */
  content(ref: number): number {
    switch (ref) {
      case 1: // deleted
        return this.uint();
      case 2: {
        // JSON: strings
        const count = this.uint();
        for (let index = 0; index < count; index++) this.string();
        return count;
      }
      case 3: // binary
        this.skip(this.uint());
        return 1;
      case 4: // string
        return this.string();
      case 5: // embed
        this.string();
        return 1;
      case 6: // format: key, JSON
        this.string();
        this.string();
        return 1;
      case 7: {
        // type: an XML element or hook names itself
        const typeRef = this.uint();
        if (typeRef === 3 || typeRef === 5) this.string();
        return 1;
      }
      case 8: {
        // any
        const count = this.uint();
        for (let index = 0; index < count; index++) this.any();
        return count;
      }
      case 9: // doc: guid, options
        this.string();
        this.any();
        return 1;
      default:
        throw new RangeError(`unknown content ${ref}`);
    }
  }

  get done(): boolean {
    return this.position >= this.bytes.length;
  }
}

/** Calls `written` for each client's run of structs the update holds (skips left out) and `deleted` for each deleted range. */
export function readUpdateRanges(update: Uint8Array, written: Range, deleted: Range): void {
  const reader = new Reader(update);
  const clients = reader.uint();
  for (let client = 0; client < clients; client++) {
    const structs = reader.uint();
    const id = reader.uint();
    let clock = reader.uint();
    let runStart = clock;
    for (let index = 0; index < structs; index++) {
      const info = reader.byte();
      const ref = info & 0x1f;
      let length: number;
      if (ref === 0) {
        length = reader.uint(); // GC
      } else if (ref === 10) {
        // Skip: ids this update does not hold.
        if (clock > runStart) written(id, runStart, clock);
        clock += reader.uint();
        runStart = clock;
        continue;
      } else {
        if (info & 0x80) reader.id(); // origin
        if (info & 0x40) reader.id(); // right origin
        if ((info & 0xc0) === 0) {
          if (reader.uint() === 1) reader.string(); // parent: a root's name
          else reader.id(); // parent: an item's id
          if (info & 0x20) reader.string(); // parent key
        }
        length = reader.content(ref);
      }
      clock += length;
    }
    if (clock > runStart) written(id, runStart, clock);
  }
  const deleting = reader.uint();
  for (let index = 0; index < deleting; index++) {
    const client = reader.uint();
    const ranges = reader.uint();
    for (let range = 0; range < ranges; range++) {
      const clock = reader.uint();
      const length = reader.uint();
      deleted(client, clock, clock + length);
    }
  }
  if (!reader.done) throw new RangeError('bytes after the update');
}
