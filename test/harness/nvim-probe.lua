-- Neovim (0.7+) as a headless LSP client: start the server command, open a file, wait for diagnostics and write
-- them as JSON lines. Driven by test/lsp/neovim.test.ts through environment variables:
--   BARRIERLINT_CMD (JSON array), BARRIERLINT_FILE, BARRIERLINT_OUT, BARRIERLINT_EXPECT (diagnostic count),
--   optional BARRIERLINT_SETTINGS (JSON: the `settings` table of the README's Neovim recipe) and
--   BARRIERLINT_SEVERITY (wait until every diagnostic has this severity: the settings were applied), and
--   BARRIERLINT_TIMELINE ("line,character": also ask for the resource timeline there, written as a last line).
local cmd = vim.fn.json_decode(os.getenv('BARRIERLINT_CMD'))
local file = os.getenv('BARRIERLINT_FILE')
local out = os.getenv('BARRIERLINT_OUT')
local expected = tonumber(os.getenv('BARRIERLINT_EXPECT') or '1')
local settings = os.getenv('BARRIERLINT_SETTINGS') and vim.fn.json_decode(os.getenv('BARRIERLINT_SETTINGS')) or nil
local severity = tonumber(os.getenv('BARRIERLINT_SEVERITY') or '0')

local function finish(lines)
  local f = assert(io.open(out, 'w'))
  f:write(table.concat(lines, '\n'))
  f:close()
  vim.cmd('qa!')
end

local id = vim.lsp.start_client({ name = 'barrierlint', cmd = cmd, root_dir = vim.fn.fnamemodify(file, ':p:h'), settings = settings })
if not id then
  finish({ vim.fn.json_encode({ error = 'start_client failed' }) })
end
vim.cmd('edit ' .. vim.fn.fnameescape(file))
vim.bo.filetype = 'cpp' -- -u NONE: no filetype detection; the filetype is the LSP languageId
vim.lsp.buf_attach_client(0, id)
vim.wait(15000, function()
  local got = vim.diagnostic.get(0)
  if #got < expected then return false end
  for _, d in ipairs(got) do
    if severity > 0 and d.severity ~= severity then return false end
  end
  return true
end, 50)

local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, vim.fn.json_encode({
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, code = d.code, source = d.source, message = d.message,
  }))
end
local at = os.getenv('BARRIERLINT_TIMELINE')
if at then
  local line, character = at:match('(%d+),(%d+)')
  local uri = vim.uri_from_bufnr(0)
  local args = { uri, { line = tonumber(line), character = tonumber(character) } }
  local reply = vim.lsp.get_client_by_id(id).request_sync('workspace/executeCommand', { command = 'barrierlint.timeline', arguments = args }, 15000, 0)
  table.insert(lines, vim.fn.json_encode({ timeline = reply and reply.result or vim.NIL, err = reply and reply.err or vim.NIL }))
end
vim.lsp.stop_client(id)
finish(lines)
