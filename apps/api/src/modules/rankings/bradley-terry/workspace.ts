type Typed = Float64Array | Float32Array | Int32Array | Uint32Array;

/** Where an engine step takes the arrays it keeps: a thread's Workspace, or `sharedArrays`. */
export interface Arrays {
  float64(key: string, length: number): Float64Array;
  float32(key: string, length: number): Float32Array;
  int32(key: string, length: number): Int32Array;
  uint32(key: string, length: number): Uint32Array;
}

/**
 * Arrays carved one after another out of one SharedArrayBuffer, from `offset` on: what one thread builds
 * and others only read (a bootstrap's basis, see bootstrapBasis). Posted to another worker they are views
 * of the same memory, not copies; and the fit pool reuses one buffer from scope to scope, because memory
 * shared with a worker is freed only once that worker's collector has run, which a worker that allocates
 * little may not do for many scopes (docs/perf/ranking-job.md).
 */
export class SharedArena implements Arrays {
  constructor(
    readonly buffer: SharedArrayBuffer,
    private offset = 0,
  ) {}

  /** Bytes carved so far, alignment included: where the next array would start. */
  get used(): number {
    return this.offset;
  }

  float64(_key: string, length: number): Float64Array {
    return this.carve(length, 8, (at) => new Float64Array(this.buffer, at, length));
  }

  float32(_key: string, length: number): Float32Array {
    return this.carve(length, 4, (at) => new Float32Array(this.buffer, at, length));
  }

  int32(_key: string, length: number): Int32Array {
    return this.carve(length, 4, (at) => new Int32Array(this.buffer, at, length));
  }

  uint32(_key: string, length: number): Uint32Array {
    return this.carve(length, 4, (at) => new Uint32Array(this.buffer, at, length));
  }

  private carve<T>(length: number, size: number, view: (at: number) => T): T {
    const at = Math.ceil(this.offset / size) * size;
    if (at + length * size > this.buffer.byteLength) throw new RangeError('the shared arena is too small');
    this.offset = at + length * size;
    return view(at);
  }
}

/**
 * Typed arrays a thread keeps from one bootstrap to the next: a fit worker refits scope after scope, and
 * allocating its ≈ 100 bytes per pair afresh for each left the collector, and the thread's allocator,
 * holding several scopes' worth (peak RSS). An array comes back with whatever it held last; it grows,
 * with some headroom, when a larger scope asks.
 */
export class Workspace implements Arrays {
  private readonly arrays = new Map<string, Typed>();

  float64(key: string, length: number): Float64Array {
    return this.take(key, length, Float64Array);
  }

  float32(key: string, length: number): Float32Array {
    return this.take(key, length, Float32Array);
  }

  int32(key: string, length: number): Int32Array {
    return this.take(key, length, Int32Array);
  }

  uint32(key: string, length: number): Uint32Array {
    return this.take(key, length, Uint32Array);
  }

  private take<T extends Typed>(key: string, length: number, Type: new (length: number) => T): T {
    let array = this.arrays.get(key) as T | undefined;
    if (!(array instanceof Type) || array.length < length) {
      array = new Type(Math.ceil(length * 1.125));
      this.arrays.set(key, array);
    }
    return array.subarray(0, length) as T;
  }
}
