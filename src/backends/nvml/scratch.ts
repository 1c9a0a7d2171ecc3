// Native memory for NVML's out-parameters. NVML writes into memory we own; passing a raw
// pointer into one long-lived allocation (and reading it back through a DataView) is several
// times cheaper per call than letting koffi marshal a JS object or array (measured: ~70 ns vs
// ~460 ns per call), which is what keeps a snapshot close to the cost of the C calls themselves.

import koffi from './koffi.js';

export class NativeBuffer {
  /** Address of the first byte, as koffi passes pointers. */
  readonly pointer: bigint;
  readonly view: DataView;
  readonly bytes: Uint8Array;

  constructor(readonly size: number) {
    this.pointer = koffi.alloc('uint8_t', size) as bigint;
    const arrayBuffer = koffi.view(this.pointer, size);
    this.view = new DataView(arrayBuffer);
    this.bytes = new Uint8Array(arrayBuffer);
  }

  at(offset: number): bigint {
    return this.pointer + BigInt(offset);
  }

  u32(offset = 0): number {
    return this.view.getUint32(offset, true);
  }

  i32(offset = 0): number {
    return this.view.getInt32(offset, true);
  }

  u64(offset = 0): bigint {
    return this.view.getBigUint64(offset, true);
  }

  /**
   * An unsigned 64-bit value as a number, exact below 2^53 (byte counts, energy, error counts
   * are far below). Two 32-bit reads avoid allocating a BigInt on every call.
   */
  u64n(offset = 0): number {
    return this.view.getUint32(offset, true) + this.view.getUint32(offset + 4, true) * 0x1_0000_0000;
  }

  /** A signed 64-bit value as a number, exact within ±2^53 (the field values' `latencyUsec`). */
  i64n(offset = 0): number {
    return this.view.getUint32(offset, true) + this.view.getInt32(offset + 4, true) * 0x1_0000_0000;
  }

  setU32(offset: number, value: number): void {
    this.view.setUint32(offset, value, true);
  }

  setU64(offset: number, value: bigint): void {
    this.view.setBigUint64(offset, value, true);
  }

  f64(offset = 0): number {
    return this.view.getFloat64(offset, true);
  }

  fill(byte: number, length = this.size): void {
    this.bytes.fill(byte, 0, length);
  }

  /** A NUL-terminated C string starting at `offset`, at most `length` bytes. */
  cString(offset: number, length: number): string {
    let end = offset;
    const limit = Math.min(this.size, offset + length);
    while (end < limit && this.bytes[end] !== 0) end++;
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + offset, end - offset).toString('utf8');
  }

  free(): void {
    koffi.free(this.pointer);
  }
}

/**
 * Fixed slots for scalar out-parameters (8 bytes each) plus a string area. One per reader: the
 * reader is synchronous, so calls never overlap on it.
 */
export class Scratch extends NativeBuffer {
  static readonly SLOT_COUNT = 8;
  static readonly STRING_OFFSET = Scratch.SLOT_COUNT * 8;
  static readonly STRING_BYTES = 256;
  static readonly STRUCT_OFFSET = Scratch.STRING_OFFSET + Scratch.STRING_BYTES;
  static readonly STRUCT_BYTES = 256;

  readonly slots: bigint[];
  readonly stringPointer: bigint;
  readonly structPointer: bigint;

  constructor() {
    super(Scratch.STRUCT_OFFSET + Scratch.STRUCT_BYTES);
    this.slots = Array.from({ length: Scratch.SLOT_COUNT }, (_, i) => this.at(i * 8));
    this.stringPointer = this.at(Scratch.STRING_OFFSET);
    this.structPointer = this.at(Scratch.STRUCT_OFFSET);
  }

  slot(i: number): bigint {
    return this.slots[i] ?? this.at(i * 8);
  }

  slotU32(i: number): number {
    return this.u32(i * 8);
  }

  slotI32(i: number): number {
    return this.i32(i * 8);
  }

  slotU64(i: number): bigint {
    return this.u64(i * 8);
  }

  slotU64n(i: number): number {
    return this.u64n(i * 8);
  }

  string(): string {
    return this.cString(Scratch.STRING_OFFSET, Scratch.STRING_BYTES);
  }

  structU32(offset: number): number {
    return this.u32(Scratch.STRUCT_OFFSET + offset);
  }

  structU64(offset: number): bigint {
    return this.u64(Scratch.STRUCT_OFFSET + offset);
  }

  structU64n(offset: number): number {
    return this.u64n(Scratch.STRUCT_OFFSET + offset);
  }

  structString(offset: number, length: number): string {
    return this.cString(Scratch.STRUCT_OFFSET + offset, length);
  }

  clearStruct(): void {
    this.bytes.fill(0, Scratch.STRUCT_OFFSET, Scratch.STRUCT_OFFSET + Scratch.STRUCT_BYTES);
  }

  setStructU32(offset: number, value: number): void {
    this.setU32(Scratch.STRUCT_OFFSET + offset, value);
  }
}
