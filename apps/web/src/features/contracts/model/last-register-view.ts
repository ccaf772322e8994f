/**
 * The register's last view (its URL parameters without the open card), so that the export
 * screen exports what the user was looking at. Kept for the browser tab (sessionStorage).
 */
const KEY = 'contractsRegisterView';
const CARD_KEYS = ['contract', 'tab'];

export function rememberRegisterView(params: URLSearchParams) {
  const copy = new URLSearchParams(params);
  for (const k of CARD_KEYS) copy.delete(k);
  try {
    sessionStorage.setItem(KEY, copy.toString());
  } catch (err) {
    console.error('Could not keep the register view', err);
  }
}

export function lastRegisterView(): URLSearchParams {
  try {
    return new URLSearchParams(sessionStorage.getItem(KEY) ?? '');
  } catch {
    return new URLSearchParams();
  }
}
