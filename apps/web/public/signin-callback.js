((w) => {
  const m = { source: 'oidc-client', url: w.location.href, keepOpen: false };
  const to = w.opener || (w.parent !== w && w.parent);
  if (to) to.postMessage(m, w.location.origin);
  else {
    const c = new BroadcastChannel(`oidc-client-popup-${new URL(m.url).searchParams.get('state')}`);
    c.postMessage(m);
    c.close();
    w.close();
  }
})(window);
