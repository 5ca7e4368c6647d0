import { describe, expect, it, vi } from 'vitest';
import {
  copyLink,
  installExternalLinkGuard,
  isOtherOrigin,
  LINK_COPIED,
  LINK_NOT_COPIED,
  REACH_WITH_BROWSER,
} from './external-links.ts';

describe('store-installed link blocking', () => {
  it('tells other-origin http links from ours', () => {
    const origin = 'http://localhost:3000';
    expect(isOtherOrigin('https://forum.example/x', origin)).toBe(true);
    expect(isOtherOrigin('/devices/', origin)).toBe(false);
    expect(isOtherOrigin('http://localhost:3000/x', origin)).toBe(false);
    expect(isOtherOrigin('mailto:a@b.c', origin)).toBe(false);
  });

  it('blocks clicks on other-origin anchors only in store-installed mode', () => {
    let installed = true;
    const onBlocked = vi.fn();
    const remove = installExternalLinkGuard({ win: window, installedFromStore: () => installed, onBlocked });
    document.body.innerHTML =
      '<a id="out" href="https://forum.example/t"><span id="inner">Forum</span></a><a id="in" href="/things/">Things</a>';
    const click = (id: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById(id)?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click('inner')).toBe(true);
    expect(onBlocked).toHaveBeenCalledWith('https://forum.example/t');
    expect(click('in')).toBe(false);
    installed = false;
    expect(click('out')).toBe(false);
    expect(onBlocked).toHaveBeenCalledTimes(1);
    remove();
    document.body.innerHTML = '';
  });

  it('copies the link and reports success or failure with the spec words', async () => {
    const report = { success: vi.fn(), error: vi.fn() };
    await copyLink('https://x.example', { writeText: vi.fn(async () => undefined) }, report);
    expect(report.success).toHaveBeenCalledWith(LINK_COPIED);
    await copyLink(
      'https://x.example',
      { writeText: vi.fn(async () => Promise.reject(new Error('no'))) },
      report,
    );
    expect(report.error).toHaveBeenCalledWith(LINK_NOT_COPIED);
    expect(LINK_NOT_COPIED).toBe("Link didn't copy to clipboard!");
    expect(REACH_WITH_BROWSER).toBe('Reach the link using your browser.');
  });
});
