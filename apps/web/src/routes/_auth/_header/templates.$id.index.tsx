import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Page } from '@/components/Page.tsx';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { customTemplateQueryOptions } from '@/features/templates/api/templates.ts';
import { useTemplatesCtx } from '@/features/templates/api/use-templates-ctx.ts';
import { TemplateContents } from '@/features/templates/components/TemplateContents.tsx';
import { HeaderPortal } from '@/shell/header-portal.tsx';

/** A custom template: its description and what it holds, with Apply and Edit. */
export const Route = createFileRoute('/_auth/_header/templates/$id/')({
  component: TemplatePage,
});

function TemplatePage() {
  const { id } = Route.useParams();
  const ctx = useTemplatesCtx();
  const { selected } = useSpaces();
  const { data: template } = useSuspenseQuery(customTemplateQueryOptions(ctx, id));
  const canWrite = spaceAllows(selected, 'iot.write');
  return (
    <Page title={template.name}>
      <HeaderPortal>
        <Link to="/templates/" search={{ tab: 'custom' }} className="button button-subtle">
          All templates
        </Link>
      </HeaderPortal>
      {template.description && <p className="template-description">{template.description}</p>}
      {template.image_links.length > 0 && (
        <ul className="template-images" aria-label="Pictures">
          {template.image_links.map((link, i) => (
            <li key={link}>
              <img
                src={link}
                alt={`${template.name}, ${i + 1} of ${template.image_links.length}`}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div className="page-actions">
          <Link to="/templates/$id/apply/" params={{ id }} className="button">
            Apply template
          </Link>
          <Link to="/templates/$id/edit/" params={{ id }} className="button button-subtle">
            Edit
          </Link>
        </div>
      )}
      <TemplateContents
        things={template.thing_templates}
        dashboards={template.dashboard_templates}
        triggers={template.trigger_templates}
      />
      {template.compatible_boards.length > 0 && (
        <p className="muted">Made for: {template.compatible_boards.join(', ')}</p>
      )}
    </Page>
  );
}
