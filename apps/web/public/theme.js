// Applies the colour theme chosen in the user menu before the first paint (see src/shell/theme.ts, same key
// and values). A classic blocking script: the CSP allows no inline script.
(() => {
  try {
    const choice = window.localStorage.getItem('tc-theme');
    if (choice === 'light' || choice === 'dark') document.documentElement.dataset.theme = choice;
  } catch (_) {
    // Storage blocked: the system theme applies.
  }
})();
