import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { AppConfig } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { type Services, ServicesProvider } from '@/app/services.tsx';
import { SystemStatus } from './SystemStatus.tsx';

function renderStatus(api: () => Promise<unknown>) {
  const services = { api: vi.fn(api), config: { hosts: { status: '/status' } } as AppConfig };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ServicesProvider services={services as unknown as Services}>
      <QueryClientProvider client={queryClient}>
        <SystemStatus />
      </QueryClientProvider>
    </ServicesProvider>,
  );
}

describe('SystemStatus (footer, spec 2.4 and 8)', () => {
  it('shows the feed description coloured by its indicator', async () => {
    const { container } = renderStatus(async () => ({
      status: { indicator: 'major', description: 'Major outage' },
    }));
    expect(await screen.findByText('Major outage')).toBeTruthy();
    expect(container.querySelector('.system-status')?.getAttribute('data-tone')).toBe('major');
  });

  it('marks an operational feed ok', async () => {
    const { container } = renderStatus(async () => ({
      status: { indicator: 'none', description: 'All Systems Operational' },
    }));
    expect(await screen.findByText('All Systems Operational')).toBeTruthy();
    expect(container.querySelector('.system-status')?.getAttribute('data-tone')).toBe('ok');
  });

  it("shows a neutral 'Unable to obtain status' when the feed fails", async () => {
    const { container } = renderStatus(async () => {
      throw new Error('offline');
    });
    expect(await screen.findByText('Unable to obtain status')).toBeTruthy();
    expect(container.querySelector('.system-status')?.getAttribute('data-tone')).toBe('neutral');
  });
});
