import Atomics

/// A fixed-capacity, lock-free queue between exactly one producer thread and one consumer
/// thread: how commands reach the audio thread and how its reports and tee samples leave it.
///
/// Storage is allocated once in `init`; `push` and `pop` never allocate, lock or wait (a full
/// queue refuses, an empty one returns nil). The producer owns `tail`, the consumer `head`; each
/// publishes its index with release ordering after touching the slot, and reads the other's with
/// acquire ordering, so a slot is never read before it is written nor overwritten before it is
/// read.
final class SPSCRing<Element: BitwiseCopyable>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<Element>
  private let mask: Int
  /// The next slot the consumer reads (written by the consumer only).
  private let head = ManagedAtomic<Int>(0)
  /// The next slot the producer writes (written by the producer only).
  private let tail = ManagedAtomic<Int>(0)

  /// Allocates room for `capacity` elements (rounded up to a power of two), filled with `filler`.
  init(capacity: Int, filler: Element) {
    var size = 1
    while size < capacity { size <<= 1 }
    slots = .allocate(capacity: size)
    slots.initialize(repeating: filler, count: size)
    mask = size - 1
  }

  deinit { slots.deallocate() }

  /// How many elements the ring holds at most.
  var capacity: Int { mask + 1 }

  /// Producer: appends `element`, or returns false when the ring is full.
  @discardableResult
  func push(_ element: Element) -> Bool {
    let end = tail.load(ordering: .relaxed)
    guard end - head.load(ordering: .acquiring) < capacity else { return false }
    slots[end & mask] = element
    tail.store(end + 1, ordering: .releasing)
    return true
  }

  /// Producer: appends as many of `elements` as fit, in order; returns how many.
  @discardableResult
  func push(contentsOf elements: UnsafeBufferPointer<Element>) -> Int {
    let end = tail.load(ordering: .relaxed)
    let count = min(elements.count, capacity - (end - head.load(ordering: .acquiring)))
    for index in 0..<count { slots[(end + index) & mask] = elements[index] }
    tail.store(end + count, ordering: .releasing)
    return count
  }

  /// Producer: appends all of `elements`, or nothing (returns false) when they do not all fit,
  /// so a consumer reading whole frames never sees part of one.
  func pushAll(_ elements: UnsafeBufferPointer<Element>) -> Bool {
    let end = tail.load(ordering: .relaxed)
    guard elements.count <= capacity - (end - head.load(ordering: .acquiring)) else {
      return false
    }
    for index in 0..<elements.count { slots[(end + index) & mask] = elements[index] }
    tail.store(end + elements.count, ordering: .releasing)
    return true
  }

  /// Consumer: the oldest element without removing it, or nil when empty.
  func peek() -> Element? {
    let start = head.load(ordering: .relaxed)
    guard start != tail.load(ordering: .acquiring) else { return nil }
    return slots[start & mask]
  }

  /// Consumer: removes and returns the oldest element, or nil when empty.
  func pop() -> Element? {
    let start = head.load(ordering: .relaxed)
    guard start != tail.load(ordering: .acquiring) else { return nil }
    let element = slots[start & mask]
    head.store(start + 1, ordering: .releasing)
    return element
  }

  /// Consumer: moves up to `buffer.count` of the oldest elements into `buffer`; returns how many.
  func pop(into buffer: UnsafeMutableBufferPointer<Element>) -> Int {
    let start = head.load(ordering: .relaxed)
    let count = min(buffer.count, tail.load(ordering: .acquiring) - start)
    for index in 0..<count { buffer[index] = slots[(start + index) & mask] }
    head.store(start + count, ordering: .releasing)
    return count
  }
}
