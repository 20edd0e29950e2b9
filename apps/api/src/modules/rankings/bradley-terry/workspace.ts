type Typed = Float64Array | Int32Array | Uint32Array;

/** Where an engine step takes the arrays it keeps: a thread's Workspace, or `sharedArrays`. */
export interface Arrays {
  float64(key: string, length: number): Float64Array;
  int32(key: string, length: number): Int32Array;
  uint32(key: string, length: number): Uint32Array;
}

/**
 * Fresh arrays in shared memory, for what one thread builds and the others only read (a bootstrap's
 * basis, see bootstrapBasis): posted to another worker they are views of the same memory, not copies.
 */
export const sharedArrays: Arrays = {
  float64: (_key, length) => new Float64Array(new SharedArrayBuffer(8 * length)),
  int32: (_key, length) => new Int32Array(new SharedArrayBuffer(4 * length)),
  uint32: (_key, length) => new Uint32Array(new SharedArrayBuffer(4 * length)),
};

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
