import { Tooltip } from '@mui/material';
import { type ReactElement, type RefObject, useEffect, useState } from 'react';

interface Props {
  /** The whole title. */
  title: string;
  /** The element that cuts the title with an ellipsis: the tooltip opens only while it does, below it. */
  text: RefObject<HTMLElement | null>;
  /** The row or card: hovering it, keyboard focus on a control in it, or a long press on it opens
   *  the tooltip (so a row whose title is no link still shows it to the keyboard). */
  children: ReactElement;
  /** No tooltip while true (a card being dragged: its long press is the drag). */
  disabled?: boolean;
}

/** How long a touch is held before the title shows (MUI's default 700 ms felt slow on a phone). */
const LONG_PRESS_MS = 500;
/** How long the title stays after the finger is lifted, to be read. */
const READ_MS = 4000;

/** A list row's or editor card's title shown whole when the row is too narrow for it (issue 26). */
export function FullTitle({ title, text, children, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);
  const cut = () => {
    const element = text.current;
    return element !== null && element.scrollWidth > element.clientWidth;
  };
  return (
    <Tooltip
      // A node, not a string: MUI would otherwise name the row by it, and put a native title on it.
      title={<span>{title}</span>}
      describeChild
      open={open && !disabled}
      onOpen={() => setOpen(!disabled && cut())}
      onClose={() => setOpen(false)}
      enterTouchDelay={LONG_PRESS_MS}
      leaveTouchDelay={READ_MS}
      placement="bottom-start"
      slotProps={{ popper: { anchorEl: () => text.current ?? document.body } }}
    >
      {children}
    </Tooltip>
  );
}
