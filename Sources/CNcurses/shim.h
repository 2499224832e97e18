#pragma once
// ncurses with its wide-character interface. Its macros (attributes, colour pairs, mouse masks,
// stdscr-relative calls) and its mutable globals (stdscr, LINES, COLS) do not reach Swift 6, so
// the few the player needs are small inline functions here, each a direct call.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <curses.h>

// POSIX declares wcwidth only under _XOPEN_SOURCE, which a Swift system library cannot define.
extern int wcwidth(wchar_t character);

/// Terminal cells `character` takes (0 for one that takes none or cannot be printed).
static inline int s9_cells(wchar_t character) {
  int cells = wcwidth(character);
  return cells < 0 ? 0 : cells;
}

/// The window of the current screen.
static inline WINDOW *s9_window(void) { return stdscr; }

/// Rows and columns of the current screen (after a KEY_RESIZE, the new size).
static inline int s9_rows(void) { return getmaxy(stdscr); }
static inline int s9_columns(void) { return getmaxx(stdscr); }

/// Puts `count` wide characters at row `y`, column `x` (0-based) in the current attributes.
static inline int s9_put(int y, int x, const wchar_t *text, int count) {
  return mvwaddnwstr(stdscr, y, x, text, count);
}

/// Clears row `y` from column `x` to its end.
static inline int s9_clear_to_end(int y, int x) {
  if (wmove(stdscr, y, x) == ERR) return ERR;
  return wclrtoeol(stdscr);
}

/// Sets the attributes for what is put next: colour pair `pair` (0: the terminal's default),
/// bold, dim and reverse video.
static inline int s9_style(short pair, int bold, int dim, int reverse) {
  attr_t attributes = A_NORMAL;
  if (bold) attributes |= A_BOLD;
  if (dim) attributes |= A_DIM;
  if (reverse) attributes |= A_REVERSE;
  return wattr_set(stdscr, attributes, pair, NULL);
}

/// Waits up to `milliseconds` (0: not at all) for the next key; returns OK for a character,
/// KEY_CODE_YES for a function key (arrows, KEY_MOUSE, KEY_RESIZE), ERR when none came.
static inline int s9_next_key(int milliseconds, wint_t *key) {
  wtimeout(stdscr, milliseconds);
  return wget_wch(stdscr, key);
}

/// The mouse events the player asks for: button 1 pressed and released, and motion.
static inline mmask_t s9_mouse_events(void) {
  return BUTTON1_PRESSED | BUTTON1_RELEASED | REPORT_MOUSE_POSITION;
}
static inline int s9_is_press(mmask_t state) { return (state & BUTTON1_PRESSED) != 0; }
static inline int s9_is_release(mmask_t state) { return (state & BUTTON1_RELEASED) != 0; }
static inline int s9_is_motion(mmask_t state) { return (state & REPORT_MOUSE_POSITION) != 0; }

/// Turns the keypad (arrows, Home/End, mouse reports as KEY_MOUSE) on for the screen.
static inline int s9_keypad(void) { return keypad(stdscr, TRUE); }

/// Copies the screen's window to the terminal, sending only what changed.
static inline int s9_refresh(void) { return wrefresh(stdscr); }

/// Forces the next refresh to repaint the whole terminal (after a resize).
static inline int s9_repaint_all(void) { return clearok(stdscr, TRUE); }
