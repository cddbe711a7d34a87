/**
 * The API reference page: Swagger UI (swagger-ui-dist, loaded as a static file) renders
 * /openapi.json. The document's server is pointed at this origin, so "Try it out" with the key
 * from "Authorize" (the X-API-Key header) calls the API that served the page.
 */
/** The part of Swagger UI's plugin system the layout below uses. */
interface SwaggerSystem {
  React: { createElement: (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown };
  getComponent: (name: string, container?: boolean) => unknown;
}
type SwaggerPlugin = (system: SwaggerSystem) => { components: Record<string, () => unknown> };

interface SwaggerUiOptions {
  dom_id: string;
  spec: unknown;
  deepLinking: boolean;
  tryItOutEnabled: boolean;
  persistAuthorization: boolean;
  plugins: SwaggerPlugin[];
  layout: string;
  onComplete: () => void;
}
declare const SwaggerUIBundle: (options: SwaggerUiOptions) => unknown;

/**
 * Swagger UI's own layout wraps the operations in a second <main> inside the page's, and puts
 * its title in a second <h1>: two main landmarks, and headings that jump from h1 to h3. This
 * layout is Swagger UI's BaseLayout for a loaded document with those two things changed: the
 * operations are a named region of the page's one <main>, and the API's title is a level-2
 * heading under the page's own h1 (see markTitleLevel).
 */
const plainCveLayout: SwaggerPlugin = (system) => ({
  components: {
    PlainCveLayout: () => {
      const h = system.React.createElement;
      const part = (name: string) => h(system.getComponent(name, true));
      const Row = system.getComponent('Row');
      const Col = system.getComponent('Col');
      const fullWidth = (child: unknown) => h(Row, null, h(Col, { mobile: 12, desktop: 12 }, child));
      return h(
        'div',
        { className: 'swagger-ui' },
        h(system.getComponent('SvgAssets')),
        part('errors'),
        h(Row, { className: 'information-container' }, h(Col, { mobile: 12 }, part('InfoContainer'))),
        h(
          'div',
          { className: 'scheme-container' },
          h(
            Col,
            { className: 'schemes wrapper', mobile: 12 },
            h('div', { className: 'schemes-server-container' }, part('ServersContainer')),
            part('AuthorizeBtnContainer'),
          ),
        ),
        h('section', { id: 'operations', 'aria-label': 'Operations' }, fullWidth(part('operations')), fullWidth(part('Models'))),
      );
    },
  },
});

/** Swagger UI renders the document's title as an <h1>; under the page's h1 it is a level-2 heading. */
function markTitleLevel(root: HTMLElement): void {
  const mark = () => {
    const title = root.querySelector('.information-container h1');
    if (title && title.getAttribute('aria-level') !== '2') title.setAttribute('aria-level', '2');
  };
  new MutationObserver(mark).observe(root, { childList: true, subtree: true });
}

/** Swagger UI leaves its server picker unnamed (and renders it again at will): name it whenever it appears. */
function nameServerPicker(root: HTMLElement): void {
  const name = () => {
    const picker = root.querySelector('#servers');
    if (picker && !picker.hasAttribute('aria-label')) picker.setAttribute('aria-label', 'Server');
  };
  new MutationObserver(name).observe(root, { childList: true, subtree: true });
}

async function start(): Promise<void> {
  const root = document.getElementById('reference');
  if (root) {
    nameServerPicker(root);
    markTitleLevel(root);
  }
  const status = document.getElementById('reference-status');
  try {
    const response = await fetch('/openapi.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The OpenAPI document could not be loaded (${response.status}).`);
    const spec = (await response.json()) as Record<string, unknown>;
    spec.servers = [{ url: window.location.origin, description: 'This site' }];
    SwaggerUIBundle({
      dom_id: '#reference',
      spec,
      // No deep links: Swagger UI puts their anchors inside the operation's toggle button
      // (nested interactive controls, which screen readers cannot use).
      deepLinking: false,
      tryItOutEnabled: false,
      persistAuthorization: false,
      plugins: [plainCveLayout],
      layout: 'PlainCveLayout',
      onComplete: () => {
        if (status) status.textContent = 'The reference is loaded.';
      },
    });
  } catch (error) {
    if (status) status.textContent = error instanceof Error ? error.message : 'The reference could not be loaded.';
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start());
else void start();
