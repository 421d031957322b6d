/** The time source; tests inject their own to move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const iso = (date: Date) => date.toISOString();
