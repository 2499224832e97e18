import Testing

@testable import Sharp9Player

/// Mouse reports → clicks and drags.
@Suite struct MouseGestureTests {
  @Test func pressIsAClickMotionWhileHeldADrag() {
    var mouse = MouseGesture()
    let press = mouse.key(column: 10, row: 3, pressed: true, released: false, moved: false)
    // Curses sets the press bit on motion with the button held.
    let motion = mouse.key(column: 12, row: 3, pressed: true, released: false, moved: true)
    let motionAlone = mouse.key(column: 14, row: 4, pressed: false, released: false, moved: true)
    let release = mouse.key(column: 14, row: 4, pressed: false, released: true, moved: false)
    let afterRelease = mouse.key(column: 20, row: 4, pressed: false, released: false, moved: true)
    #expect(press == .click(column: 10, row: 3))
    #expect(motion == .drag(column: 12, row: 3))
    #expect(motionAlone == .drag(column: 14, row: 4))
    #expect(release == nil)
    #expect(afterRelease == nil)
  }

  @Test func motionBeforeAnyPressIsNothing() {
    var mouse = MouseGesture()
    let motion = mouse.key(column: 5, row: 5, pressed: true, released: false, moved: true)
    #expect(motion == nil)
  }
}
