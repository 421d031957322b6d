import { loginShell } from './login/shellStart';

const boot = () => import('./boot');

// /admin/login came with its sign-in form in the page (login/shellPlugin.ts): the page is painted
// before the panel's code is run, which takes a phone a few hundred milliseconds; the code itself
// is fetched at once (the page preloads it). Every other page starts at once. The timeout starts a
// page that is given no frame (a tab opened in the background).
if (loginShell()) {
  let started = false;
  const start = () => {
    if (!started) void boot();
    started = true;
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 1000);
} else {
  void boot();
}
