import { BOT_API_BASE, type BotApiDocument } from '@guildhall/contracts/bureau';
import { Page } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { Tag } from '@/ui/tag';
import { useBotApiDocument } from '../api/get-bot-api-document';
import './bot-api-page.css';

type Operation = BotApiDocument['paths'][string][string];

/**
 * Issue 14 item 4: the bot API for bot authors at /bureau/bot-api (public), read from the same OpenAPI
 * document the server publishes, so the page says exactly what the server accepts.
 */
export function BotApiPage() {
  const document = useBotApiDocument();
  return (
    <Page title="Bot API" lead="How a community bot writes verified pairs, Roblox bans and infractions into the registry.">
      {document.isPending ? (
        <div className="bot-api__loading">
          <Spinner label="Loading the API description" size="lg" />
        </div>
      ) : document.isError ? (
        <p role="alert">The API description could not be loaded.</p>
      ) : (
        <BotApiReference document={document.data} />
      )}
    </Page>
  );
}

function BotApiReference({ document }: { document: BotApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <div className="bot-api">
      <section className="bot-api__intro" aria-labelledby="bot-api-basics">
        <h2 id="bot-api-basics">Basics</h2>
        <p>{document.info.description}</p>
        <p>
          Machine-readable description (OpenAPI {document.openapi}):{' '}
          <a href={`${BOT_API_BASE}/openapi.json`} className="bot-api__code">
            {BOT_API_BASE}/openapi.json
          </a>
        </p>
      </section>
      <section aria-labelledby="bot-api-calls">
        <h2 id="bot-api-calls">Calls ({operations.length})</h2>
        <ol className="bot-api__operations">
          {operations.map(({ path, method, operation }) => (
            <li key={`${method} ${path}`}>
              <OperationCard path={path} method={method} operation={operation} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function OperationCard({ path, method, operation }: { path: string; method: string; operation: Operation }) {
  const body = operation.requestBody?.content['application/json']?.schema;
  const [okStatus, ok] = Object.entries(operation.responses).find(([status]) => status.startsWith('2')) ?? [];
  const errors = Object.entries(operation.responses).filter(([status]) => !status.startsWith('2'));
  return (
    <article className="bot-api__operation" aria-label={`${method.toUpperCase()} ${path}`}>
      <header className="bot-api__operation-header">
        <span className={`bot-api__method bot-api__method--${method}`}>{method.toUpperCase()}</span>
        <code className="bot-api__path">{path}</code>
        <Tag tone="neutral">scope {operation['x-scope']}</Tag>
      </header>
      <p>{operation.summary}</p>
      {operation['x-also-at'] && (
        <p className="bot-api__params">
          Also answers at <code className="bot-api__path">{operation['x-also-at']}</code>, its address before /v1.
        </p>
      )}
      {operation.parameters.length > 0 && (
        <p className="bot-api__params">
          Path parameters: <code>{operation.parameters.map((p) => p.name).join(', ')}</code>
        </p>
      )}
      {body && <SchemaBlock title="Body (JSON)" schema={body} />}
      {ok?.content && <SchemaBlock title={`Answer ${okStatus}`} schema={ok.content['application/json']!.schema} />}
      <p className="bot-api__errors">
        Errors: {errors.map(([status]) => status).join(', ')}, each as <code>{'{"error": "...", "code": "..."}'}</code>
      </p>
    </article>
  );
}

function SchemaBlock({ title, schema }: { title: string; schema: Record<string, unknown> }) {
  return (
    <details className="bot-api__schema">
      <summary>{title}</summary>
      <pre>{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}
