-- Neovim (0.7+) as a headless LSP client: start the server command, open a file, wait for diagnostics and write
-- them as JSON lines. Driven by test/lsp/neovim.test.ts through environment variables:
--   BARRIERLINT_CMD (JSON array), BARRIERLINT_FILE, BARRIERLINT_OUT, BARRIERLINT_EXPECT (diagnostic count),
--   optional BARRIERLINT_SETTINGS (JSON: the `settings` table of the README's Neovim recipe) and
--   BARRIERLINT_SEVERITY (wait until every diagnostic has this severity: the settings were applied), and
--   BARRIERLINT_TIMELINE ("line,character": also ask for the resource timeline there, written as a last line), and
--   BARRIERLINT_TYPE (JSON {line, text}: then type `text` into a new line `line`, three characters at a time as a
--   user does, and write one line {typing = the diagnostics on that line seen while typing, paused = those after a
--   pause}: the typing-noise rules must appear only once typing paused), and
--   BARRIERLINT_DOCS (a rule id: run the "Open the documentation" command for it and write one line {docs = its
--   result, messages = the window/showMessage texts received}), and
--   BARRIERLINT_FIX (JSON {line, character, title}: ask for the code actions there, apply the one whose title starts
--   with `title`, wait for the diagnostics of the fixed text and write one line {titles, applied, after = their
--   codes, text = the buffer's lines}), and
--   BARRIERLINT_EDIT_AT_OPEN (JSON {line, text, message}: as soon as the server has the document, before its first
--   diagnostics, insert `text` as a new line after `line`; wait for a diagnostic whose message contains `message`
--   and write one line {edited = the buffer version the edit made, published = the versions of every
--   publishDiagnostics received, in order}). BARRIERLINT_EXPECT=0 then: nothing is awaited before the edit.
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

local messages = {}
local show = vim.lsp.handlers['window/showMessage']
vim.lsp.handlers['window/showMessage'] = function(err, result, ctx, config)
  table.insert(messages, result and result.message or '')
  return show(err, result, ctx, config)
end

local published = {}
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  table.insert(published, result and result.version or vim.NIL)
  return publish(err, result, ctx, config)
end

local id = vim.lsp.start_client({ name = 'barrierlint', cmd = cmd, root_dir = vim.fn.fnamemodify(file, ':p:h'), settings = settings })
if not id then
  finish({ vim.fn.json_encode({ error = 'start_client failed' }) })
end
vim.cmd('edit ' .. vim.fn.fnameescape(file))
vim.bo.filetype = 'cpp' -- -u NONE: no filetype detection; the filetype is the LSP languageId
vim.lsp.buf_attach_client(0, id)
local early = os.getenv('BARRIERLINT_EDIT_AT_OPEN') and vim.fn.json_decode(os.getenv('BARRIERLINT_EDIT_AT_OPEN')) or nil
if early then
  -- The didOpen goes out once the server answered `initialize`; the edit follows it while the open is analysed.
  vim.wait(15000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.server_capabilities ~= nil
  end, 10)
  vim.wait(100, function() return false end, 10)
  vim.api.nvim_buf_set_lines(0, early.line + 1, early.line + 1, false, { early.text })
  local edited = vim.lsp.util.buf_versions[vim.api.nvim_get_current_buf()]
  local function found()
    for _, d in ipairs(vim.diagnostic.get(0)) do
      if d.message:find(early.message, 1, true) then return true end
    end
    return false
  end
  vim.wait(120000, found, 50)
  vim.lsp.stop_client(id)
  finish({ vim.fn.json_encode({ edited = edited, published = published, found = found() }) })
  return
end
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
local typing = os.getenv('BARRIERLINT_TYPE') and vim.fn.json_decode(os.getenv('BARRIERLINT_TYPE')) or nil
if typing then
  local row = typing.line
  local function codes_on_row()
    local codes = {}
    for _, d in ipairs(vim.diagnostic.get(0)) do
      if d.lnum == row then table.insert(codes, d.code) end
    end
    return codes
  end
  vim.api.nvim_buf_set_lines(0, row, row, false, { '' })
  local seen = {}
  local col = 0
  for i = 1, #typing.text, 3 do
    local piece = typing.text:sub(i, i + 2)
    vim.api.nvim_buf_set_text(0, row, col, row, col, { piece })
    col = col + #piece
    -- Neovim 0.7 sends didChange on a short debounce; keystrokes a user makes come ~100 ms apart.
    vim.wait(100, function() return false end, 20)
    for _, c in ipairs(codes_on_row()) do table.insert(seen, c) end
  end
  vim.wait(6000, function() return #codes_on_row() > 0 end, 50)
  table.insert(lines, vim.fn.json_encode({ typing = seen, paused = codes_on_row() }))
end
local docs = os.getenv('BARRIERLINT_DOCS')
if docs then
  local reply = vim.lsp.get_client_by_id(id).request_sync('workspace/executeCommand', { command = 'barrierlint.openRuleDocs', arguments = { docs } }, 15000, 0)
  vim.wait(3000, function() return #messages > 0 end, 50)
  local result = vim.NIL -- `reply.result or vim.NIL` would turn false into null
  if reply and reply.result ~= nil then result = reply.result end
  table.insert(lines, vim.fn.json_encode({ docs = result, err = reply and reply.err or vim.NIL, messages = messages }))
end
local fix = os.getenv('BARRIERLINT_FIX') and vim.fn.json_decode(os.getenv('BARRIERLINT_FIX')) or nil
if fix then
  local client = vim.lsp.get_client_by_id(id)
  local here = {}
  for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(0, fix.line)) do table.insert(here, d) end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    range = { start = { line = fix.line, character = fix.character }, ['end'] = { line = fix.line, character = fix.character } },
    context = { diagnostics = here },
  }
  local reply = client.request_sync('textDocument/codeAction', params, 15000, 0)
  local titles, chosen = {}, nil
  for _, a in ipairs(reply and reply.result or {}) do
    table.insert(titles, a.title)
    if not chosen and a.title:sub(1, #fix.title) == fix.title then chosen = a end
  end
  if chosen and chosen.edit then
    local before = #published
    vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
    -- The fixed text's own diagnostics: a publish after the edit, then nothing for a moment.
    vim.wait(15000, function() return #published > before end, 50)
    vim.wait(1500, function() return false end, 50)
  end
  local after = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(after, d.code) end
  table.insert(lines, vim.fn.json_encode({
    titles = titles, applied = chosen and chosen.title or vim.NIL, after = after, text = vim.api.nvim_buf_get_lines(0, 0, -1, false),
  }))
end
vim.lsp.stop_client(id)
finish(lines)
