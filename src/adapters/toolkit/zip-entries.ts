// Reads chosen entries of an artifact's zip archive without trusting it: the archive is read
// through its central directory from a file (never all of it into memory), only the entries
// asked for are inflated, each into a bounded buffer or file, and an archive that claims one size
// and inflates to another, uses zip64, or holds an entry twice is refused with the reason.
import { createReadStream, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

interface Entry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The central directory is read into memory: it holds a few dozen entries. */
const MAX_CENTRAL_BYTES = 4 * 1024 * 1024;

export class ZipReader {
  private constructor(
    private readonly file: string,
    private readonly handle: FileHandle,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(file: string): Promise<ZipReader> {
    const handle = await open(file, 'r');
    try {
      return new ZipReader(file, handle, await readCentralDirectory(handle));
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** An entry's bytes, or null when the archive has none of that name; refused when larger than `max`. */
  async read(name: string, max: number): Promise<Buffer | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.size > max) throw new ZipError(`${name} is ${entry.size} bytes, more than the ${max} read`);
    const start = await this.dataStart(entry);
    const raw = Buffer.alloc(entry.compressed);
    const { bytesRead } = await this.handle.read(raw, 0, entry.compressed, start);
    if (bytesRead !== entry.compressed) throw new ZipError(`${name} is cut short`);
    let data: Buffer;
    try {
      data = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: max + 1 });
    } catch (err) {
      throw new ZipError(`${name} does not inflate: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (data.length !== entry.size) throw new ZipError(`${name} inflates to ${data.length} bytes where the archive says ${entry.size}`);
    return data;
  }

  /** Inflates an entry into `target`; false when the archive has none of that name. */
  async extract(name: string, target: string, max: number): Promise<boolean> {
    const entry = this.entries.get(name);
    if (!entry) return false;
    if (entry.size > max) throw new ZipError(`${name} is ${entry.size} bytes, more than the ${max} read`);
    const start = await this.dataStart(entry);
    let written = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        written += chunk.length;
        if (written > entry.size) return done(new ZipError(`${name} inflates to more than the ${entry.size} bytes the archive says`));
        done(null, chunk);
      },
    });
    const source = createReadStream(this.file, { start, end: start + entry.compressed - 1 });
    const sink = createWriteStream(target, { flags: 'wx', mode: 0o600 });
    try {
      await (entry.method === 0 ? pipeline(source, count, sink) : pipeline(source, createInflateRaw(), count, sink));
    } catch (err) {
      if (err instanceof ZipError) throw err;
      throw new ZipError(`${name} does not inflate: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (written !== entry.size) throw new ZipError(`${name} inflates to ${written} bytes where the archive says ${entry.size}`);
    return true;
  }

  private async dataStart(entry: Entry): Promise<number> {
    const header = Buffer.alloc(30);
    const { bytesRead } = await this.handle.read(header, 0, 30, entry.localOffset);
    if (bytesRead !== 30 || header.readUInt32LE(0) !== LOCAL) throw new ZipError(`${entry.name} has no local header where the directory says`);
    return entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }
}

async function readCentralDirectory(handle: FileHandle): Promise<Map<string, Entry>> {
  const { size } = await handle.stat();
  // The end record is 22 bytes plus a comment of up to 64 KiB.
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('not a zip archive (no end of central directory)');
  const count = tail.readUInt16LE(at + 10);
  const centralSize = tail.readUInt32LE(at + 12);
  const centralOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || centralSize === 0xffffffff || centralOffset === 0xffffffff) throw new ZipError('a zip64 archive, which a result never is');
  if (centralSize > MAX_CENTRAL_BYTES || centralOffset + centralSize > size) throw new ZipError('the central directory is out of bounds');
  const central = Buffer.alloc(centralSize);
  await handle.read(central, 0, centralSize, centralOffset);
  const entries = new Map<string, Entry>();
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > central.length || central.readUInt32LE(p) !== CENTRAL) throw new ZipError(`central directory entry ${i + 1} is malformed`);
    const method = central.readUInt16LE(p + 10);
    const compressed = central.readUInt32LE(p + 20);
    const uncompressed = central.readUInt32LE(p + 24);
    const nameLength = central.readUInt16LE(p + 28);
    const extraLength = central.readUInt16LE(p + 30);
    const commentLength = central.readUInt16LE(p + 32);
    const localOffset = central.readUInt32LE(p + 42);
    const name = central.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    p += 46 + nameLength + extraLength + commentLength;
    if (compressed === 0xffffffff || uncompressed === 0xffffffff || localOffset === 0xffffffff) throw new ZipError(`${name} uses zip64, which a result never does`);
    if (name.endsWith('/')) continue;
    if (method !== 0 && method !== 8) throw new ZipError(`${name} is compressed with method ${method} (only stored and deflated entries are read)`);
    if (localOffset + compressed > size) throw new ZipError(`${name} lies outside the archive`);
    if (entries.has(name)) throw new ZipError(`${name} is in the archive twice`);
    entries.set(name, { name, method, compressed, size: uncompressed, localOffset });
  }
  return entries;
}
