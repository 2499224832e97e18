import Testing

@testable import Sharp9App

@Suite struct ControlLeadTests {
  @Test func noSendsNoLead() {
    #expect(ControlLead().seconds(atSec: 5) == 0)
    #expect(ControlLead().frames(atSec: 5, rate: 44_100) == 0)
  }

  @Test func theLongestRecentSendWithTheMarginRoundedUpToAFrame() {
    var lead = ControlLead()
    lead.note(durationSec: 0.001, atSec: 100)
    lead.note(durationSec: 0.02, atSec: 101)
    lead.note(durationSec: 0.004, atSec: 102)
    #expect(lead.seconds(atSec: 102) == 0.02 * ControlLead.margin)
    #expect((1_323...1_324).contains(lead.frames(atSec: 102, rate: 44_100)))
    // 0.0010001 s at 1 kHz is a frame and a bit: two frames, so the send is inside the lead.
    var short = ControlLead()
    short.note(durationSec: 0.0010001 / ControlLead.margin, atSec: 0)
    #expect(short.frames(atSec: 0, rate: 1_000) == 2)
  }

  @Test func aSlowSendIsForgottenAfterTheWindow() {
    var lead = ControlLead()
    lead.note(durationSec: 0.03, atSec: 10)
    lead.note(durationSec: 0.002, atSec: 15)
    #expect(lead.seconds(atSec: 10 + ControlLead.windowSec) == 0.03 * ControlLead.margin)
    #expect(lead.seconds(atSec: 10.001 + ControlLead.windowSec) == 0.002 * ControlLead.margin)
    lead.note(durationSec: 0.001, atSec: 30)
    #expect(lead.seconds(atSec: 30) == 0.001 * ControlLead.margin)
  }

  @Test func theLeadStopsAtItsMaximum() {
    var lead = ControlLead()
    lead.note(durationSec: 2, atSec: 1)
    #expect(lead.seconds(atSec: 1) == ControlLead.maximumSec)
  }

  @Test func itRemembersAtMostItsCapacity() {
    var lead = ControlLead()
    lead.note(durationSec: 0.05, atSec: 0)
    for index in 1...ControlLead.capacity {
      lead.note(durationSec: 0.001, atSec: Double(index) / 1000)
    }
    #expect(lead.seconds(atSec: 0.3) == 0.001 * ControlLead.margin, "the oldest, slow one is gone")
  }
}
