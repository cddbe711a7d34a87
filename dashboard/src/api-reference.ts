/**
 * The API reference page: Swagger UI (swagger-ui-dist, loaded as a static file) renders
 * /openapi.json. The document's server is pointed at this origin, so "Try it out" with the key
 * from "Authorize" (the X-API-Key header) calls the API that served the page.
 */
interface SwaggerUiOptions {
  dom_id: string;
  spec: unknown;
  deepLinking: boolean;
  tryItOutEnabled: boolean;
  persistAuthorization: boolean;
  onComplete: () => void;
}
declare const SwaggerUIBundle: (options: SwaggerUiOptions) => unknown;

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
  if (root) nameServerPicker(root);
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
