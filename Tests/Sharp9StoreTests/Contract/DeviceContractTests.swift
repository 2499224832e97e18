import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// Device tokens, sessions' devices and idempotent batch appends, the same on every backend.
@Suite struct DeviceContractTests {
  /// A token is kept by the SHA-256 of its secret only; found by that hash; its name is unique
  /// and checked; revoking forgets it.
  @Test(arguments: ContractBackend.available)
  func tokensAreKeptHashedFoundAndRevoked(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend)
    let log = fixture.log
    let secret = DeviceSecret.generate()
    #expect(secret.count == 64 && secret.allSatisfy(\.isHexDigit))
    #expect(DeviceSecret.generate() != secret)
    let phone = DeviceToken(name: "phone-1", access: .device, createdAt: UnixMilliseconds(value: 5))
    try log.addDeviceToken(phone, hash: DeviceSecret.hash(secret))
    let teacher = DeviceToken(
      name: "teacher", access: .reader, createdAt: UnixMilliseconds(value: 6))
    try log.addDeviceToken(teacher, hash: DeviceSecret.hash("other"))
    #expect(try log.deviceTokens() == [phone, teacher])
    #expect(try log.deviceToken(hash: DeviceSecret.hash(secret)) == phone)
    #expect(try log.deviceToken(hash: DeviceSecret.hash(secret + "0")) == nil)
    #expect(throws: StoreError.deviceTokenExists("phone-1")) {
      try log.addDeviceToken(phone, hash: DeviceSecret.hash("third"))
    }
    for name in ["", "a b", "naïve", String(repeating: "x", count: 65), "x;DROP"] {
      #expect(throws: StoreError.invalidDeviceName(name)) {
        try log.addDeviceToken(
          DeviceToken(name: name, access: .device, createdAt: UnixMilliseconds(value: 0)),
          hash: DeviceSecret.hash(name))
      }
    }
    try log.revokeDeviceToken(named: "phone-1")
    #expect(try log.deviceToken(hash: DeviceSecret.hash(secret)) == nil)
    #expect(throws: StoreError.deviceTokenNotFound("phone-1")) {
      try log.revokeDeviceToken(named: "phone-1")
    }
    #expect(try log.deviceTokens() == [teacher])
  }

  /// A session records the device it came from; one made here has none.
  @Test(arguments: ContractBackend.available)
  func sessionsRecordTheirDevice(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend)
    let uploaded = try fixture.log.createSession(
      NewSession(
        title: "up", startedAt: RandomSession.startedAt, sharp9Version: "test", device: "phone"),
      id: UUID())
    #expect(uploaded.device == "phone")
    #expect(try fixture.log.session(id: uploaded.id).device == "phone")
    #expect(try fixture.newSession().device == nil)
  }

  /// A batch is stored all or nothing after the head it expects; sent again (a lost
  /// acknowledgement) it is acknowledged and not stored twice; a batch overlapping stored events
  /// only partly, or at another head, is a conflict; a time going back refuses the whole batch.
  @Test(arguments: ContractBackend.available)
  func batchesAreIdempotent(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend, interval: 16)
    let log = fixture.log
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 120, seed: 23, session: session.id)
    let events = actions.map { NewEvent(id: UUID(), t: $0.t, action: $0.action) }
    let first = Array(events[0..<50])
    let second = Array(events[50...])
    #expect(try log.append(first, to: session, expecting: 0) == .appended(head: 50))
    #expect(try log.append(first, to: session, expecting: 0) == .alreadyStored(head: 50))
    #expect(throws: StoreError.conflict(session: session.idString, expected: 40, actual: 50)) {
      _ = try log.append(Array(events[40..<60]), to: session, expecting: 40)
    }
    var backwards = second
    backwards[10].t = -1
    #expect(throws: StoreError.self) { _ = try log.append(backwards, to: session, expecting: 50) }
    #expect(try log.session(id: session.id).eventCount == 50)
    #expect(try log.append(second, to: session, expecting: 50) == .appended(head: 120))
    #expect(try log.append(second, to: session, expecting: 50) == .alreadyStored(head: 120))
    let stored = try fixture.events(of: try log.session(id: session.id))
    #expect(stored.map(\.action) == actions.map(\.action))
    #expect(stored.map(\.t) == actions.map(\.t))
    #expect(try log.verify(try log.session(id: session.id)).divergence == nil)
  }
}
