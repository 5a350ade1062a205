import { Link } from 'react-router';
import { useTools } from '../api/get-tools';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';
import { StatusCard } from '../ui/status-card';

/** ARCHITECTURE.md §1: `GET /` lists the tools this deployment switched on. */
export function HomePage() {
  const tools = useTools();
  return (
    <Page title="Guildhall" lead="Tools for our community and school, all in one place.">
      {tools.isPending ? (
        <Spinner label="Loading tools" showLabel />
      ) : tools.isError ? (
        <StatusCard tone="danger" title="Could not load the tools">
          <p>{tools.error.message}</p>
        </StatusCard>
      ) : tools.data.tools.length === 0 ? (
        <StatusCard tone="neutral" title="No tools are switched on">
          <p>This server has every tool turned off (ENABLED_TOOLS).</p>
        </StatusCard>
      ) : (
        <ul className="home__tools" aria-label="Tools">
          {tools.data.tools.map((tool) => (
            <li key={tool.id} className="home__tool">
              <h2>
                <Link to={tool.path}>{tool.name}</Link>
              </h2>
              <p>{tool.description}</p>
              {tool.links.length > 0 && (
                <ul className="home__links" aria-label={`More in ${tool.name}`}>
                  {tool.links.map((link) => (
                    <li key={link.path}>
                      <Link to={link.path}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
