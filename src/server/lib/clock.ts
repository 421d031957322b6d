/** The time source; tests inject their own to move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const iso = (date: Date) => date.toISOString();

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The time as a gig's start is written (YYYY-MM-DDTHH:MM, the band's wall clock): the server's
 * local time, the server being the band's (docs/decisions.md, "Start times").
 */
export const wallClock = (date: Date) =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
