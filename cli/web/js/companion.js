// The companion tool (issue 14): not written yet.

export function mount(panel) {
  panel.textContent = 'Not written yet.';
  return {};
}
