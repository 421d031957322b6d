import { Tooltip } from '@mui/material';
import {
  cloneElement,
  type FocusEvent,
  type ReactElement,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

interface Props {
  /** The whole title. */
  title: string;
  /** The element that cuts the title with an ellipsis: the tooltip opens only while it does, below it. */
  text: RefObject<HTMLElement | null>;
  /** The row or card: hovering it, keyboard focus on a control in it, or a long press on it opens
   *  the tooltip (so a row whose title is no link still shows it to the keyboard). */
  children: ReactElement<RowProps>;
  /** No tooltip while true (a card being dragged). */
  disabled?: boolean;
}

type Handler<E> = ((event: E) => void) | undefined;
interface RowProps {
  onMouseEnter?: Handler<SyntheticEvent>;
  onMouseLeave?: Handler<SyntheticEvent>;
  onFocus?: Handler<FocusEvent>;
  onBlur?: Handler<FocusEvent>;
  onTouchStart?: Handler<SyntheticEvent>;
  onTouchEnd?: Handler<SyntheticEvent>;
  onTouchMove?: Handler<SyntheticEvent>;
  onTouchCancel?: Handler<SyntheticEvent>;
  'aria-describedby'?: string;
}

/** As MUI's Tooltip: a hover opens after 100 ms, so a pointer passing over rows opens none. */
const HOVER_MS = 100;
/** How long a touch is held before the title shows (MUI's 700 ms felt slow on a phone). */
const LONG_PRESS_MS = 500;
/** How long the title stays after the finger is lifted, to be read. */
const READ_MS = 4000;

/**
 * A list row's or editor card's title shown whole when the row is too narrow for it (issue 26).
 * MUI's Tooltip is mounted only while the title shows: the editor re-renders its cards on every
 * drag step, and a Tooltip on each card made a drop's new order paint about 100 ms later
 * (docs/decisions.md). The row listens instead, as Tooltip would: hover, keyboard focus (not a click's),
 * a long press; Escape and leaving close it, and the pointer may move onto the tooltip to read it.
 */
export function FullTitle({ title, text, children, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  const later = (ms: number, then: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(then, ms);
  };
  const cut = () => {
    const element = text.current;
    return element !== null && element.scrollWidth > element.clientWidth;
  };
  const show = () => setOpen(!disabled && cut());
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const own = children.props;
  const both =
    <E,>(mine: (event: E) => void, theirs: Handler<E>) =>
    (event: E) => {
      theirs?.(event);
      mine(event);
    };
  const row = cloneElement(children, {
    onMouseEnter: both(() => later(HOVER_MS, show), own.onMouseEnter),
    onMouseLeave: both(() => later(HOVER_MS, hide), own.onMouseLeave),
    onFocus: both((event: FocusEvent) => {
      if (focusVisible(event.target)) show();
    }, own.onFocus),
    onBlur: both((event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) hide();
    }, own.onBlur),
    onTouchStart: both(() => later(LONG_PRESS_MS, show), own.onTouchStart),
    onTouchEnd: both(() => (open ? later(READ_MS, hide) : hide()), own.onTouchEnd),
    onTouchMove: both(() => (open ? undefined : hide()), own.onTouchMove),
    onTouchCancel: both(hide, own.onTouchCancel),
    'aria-describedby': open ? id : own['aria-describedby'],
  });
  return (
    <>
      {row}
      {open && (
        <Tooltip
          open
          id={id}
          // A node, not a string: MUI would otherwise name its child by it.
          title={<span>{title}</span>}
          onClose={hide}
          placement="bottom-start"
          disableHoverListener
          disableFocusListener
          disableTouchListener
          slotProps={{
            popper: {
              anchorEl: () => text.current ?? document.body,
              onMouseEnter: () => clearTimeout(timer.current),
              onMouseLeave: () => later(HOVER_MS, hide),
            },
          }}
        >
          {/* Tooltip needs a child; the tooltip is placed by the title (anchorEl). */}
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}

/** Focus by the keyboard, not by a click or a tap (as MUI's Tooltip tells them apart). */
function focusVisible(element: Element) {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: show it on any focus
  }
}
