import { vi } from 'vitest';

/** The language chosen in the panel, where react-admin's store keeps it (app key "encore"). */
export function chooseInPanel(locale: string) {
  localStorage.setItem('RaStoreencore.locale', JSON.stringify(locale));
}

/** The device's languages, most preferred first. */
export function deviceLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0]);
}

/** Every message of a tree that has words in it ("%{song} (PDF)" has none to translate). */
const worded = (tree: object): string[] =>
  Object.values(tree).flatMap((value) => {
    if (typeof value !== 'string') return worded(value as object);
    return /\p{Ll}/u.test(value.replace(/%\{\w+\}/g, '')) ? [value] : [];
  });

/** A message as a pattern for the whole of a text: its placeholders stand for anything, each plural form apart. */
const pattern = (message: string) =>
  message
    .split(' |||| ')
    .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%\\\{\w+\\\}/g, '.*'));

/**
 * The English messages of `en` that the page still shows: as a text, an aria-label, a title or an
 * alt text. Each is matched whole, so that "Open" is not found in "Open screen".
 */
export function englishOnPage(en: object): string[] {
  const english = worded(en).flatMap(pattern);
  const shown: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    shown.push(node.textContent?.trim() ?? '');
  for (const element of document.body.querySelectorAll('[aria-label], [title], [alt]'))
    for (const name of ['aria-label', 'title', 'alt']) shown.push(element.getAttribute(name) ?? '');
  return english.filter((form) => shown.some((text) => new RegExp(`^${form}$`, 's').test(text)));
}
