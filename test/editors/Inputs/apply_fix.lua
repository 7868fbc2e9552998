-- Drives headless Neovim as the LSP client of alloc-clangd, the way a user
-- would: open a file, wait for an alloc-* warning, apply its quick fix, save.
-- Run by test/editors/neovim.test as
--
--   nvim --headless -u NONE -i NONE -n -S apply_fix.lua
--
-- with these environment variables:
--   ALLOC_CLANGD     the server to start
--   FIX_FILE         the source file to open (its directory holds .clangd and
--                    compile_commands.json)
--   FIX_CHECK        the diagnostic code to wait for, e.g. alloc-deque-as-array
--   FIX_TIMEOUT_MS   how long each wait may take (default 30000)
--   FIX_SKIP_APPLY   if set, do everything but apply the edit (to see the
--                    test fail)
--   FIX_RELATED_INFORMATION
--                    if set, keep Neovim's default client capabilities,
--                    which announce related information (the notes are
--                    then not shown)
--
-- It prints what it did to stdout, one "apply_fix: ..." line per step, and
-- exits 0 only when the file was saved with the fix. Every failure exits 1
-- with an "apply_fix: error: ..." line on stderr.
--
-- Only APIs that Neovim 0.7 (Debian 12) has: vim.lsp.start_client,
-- vim.lsp.buf_attach_client, vim.lsp.buf_request_sync, vim.wait.

local function out(line)
  -- print() goes to stderr in headless mode, mixed with Neovim's messages.
  io.stdout:write('apply_fix: ' .. line .. '\n')
  io.stdout:flush()
end

local function fail(message)
  error({ apply_fix = message })
end

local function getenv(name)
  local value = os.getenv(name)
  if value == nil or value == '' then
    fail('environment variable ' .. name .. ' is not set')
  end
  return value
end

local function main()
  local clangd = getenv('ALLOC_CLANGD')
  local file = getenv('FIX_FILE')
  local check = getenv('FIX_CHECK')
  local timeout = tonumber(os.getenv('FIX_TIMEOUT_MS') or '') or 30000

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)

  -- The raw LSP diagnostics of the buffer, by the document version clangd
  -- says they are for. The default handler still runs, so vim.diagnostic sees
  -- them as in a user's session.
  local published = {}
  local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
  local function on_diagnostics(err, result, ctx, config)
    if result and result.uri == uri then
      published[result.version or -1] = result.diagnostics
      published.latest = result.diagnostics
    end
    return default_handler(err, result, ctx, config)
  end

  -- Neovim announces relatedInformation support but shows none of it, so
  -- the notes (the cost figures) would never reach the user: as
  -- docs/editors.md says, turn it off, and clangd appends the notes to the
  -- message.
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  if not os.getenv('FIX_RELATED_INFORMATION') then
    capabilities.textDocument.publishDiagnostics.relatedInformation = false
  end

  local exited = false
  local client_id = vim.lsp.start_client({
    name = 'alloc-clangd',
    capabilities = capabilities,
    -- No background index: the test needs one file, and the machine's cores
    -- are better spent on the AST.
    cmd = { clangd, '--background-index=false' },
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
    handlers = { ['textDocument/publishDiagnostics'] = on_diagnostics },
    on_exit = function(code, signal)
      exited = true
      if code ~= 0 then
        io.stderr:write(string.format(
          'apply_fix: alloc-clangd exited with code %d, signal %d\n',
          code, signal))
      end
    end,
  })
  if not client_id then
    fail('cannot start ' .. clangd)
  end
  if not vim.lsp.buf_attach_client(bufnr, client_id) then
    fail('cannot attach alloc-clangd to ' .. file)
  end

  -- 1. The warning. clangd may first publish an empty list, so wait for the
  -- one with our code. An error means clangd did not parse the file as the
  -- project builds it (e.g. it missed compile_commands.json), and then the
  -- checks stay silent: stop at once and say so.
  local diagnostic, error_diagnostic
  local found = vim.wait(timeout, function()
    for _, d in ipairs(published.latest or {}) do
      if d.severity == vim.lsp.protocol.DiagnosticSeverity.Error then
        error_diagnostic = d
      elseif d.code == check then
        diagnostic = d
      end
    end
    return exited or error_diagnostic ~= nil or diagnostic ~= nil
  end, 50)
  if exited then
    fail('alloc-clangd exited before publishing diagnostics')
  end
  if error_diagnostic then
    fail(string.format('error at %d:%d: %s',
      error_diagnostic.range.start.line + 1,
      error_diagnostic.range.start.character + 1, error_diagnostic.message))
  end
  if not found then
    fail(string.format('no %s diagnostic for %s within %d ms (got %d '
      .. 'others)', check, file, timeout, #(published.latest or {})))
  end
  -- The message's first line is the warning; the notes follow it.
  local headline = diagnostic.message:match('^[^\n]*')
  out(string.format('diagnostic %s at %d:%d: %s', diagnostic.code,
    diagnostic.range.start.line + 1, diagnostic.range.start.character + 1,
    headline))
  -- What the user reads: Neovim's own diagnostic, line by line.
  vim.wait(timeout, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 50)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == check or (d.user_data and d.user_data.lsp
        and d.user_data.lsp.code == check) then
      for line in d.message:gmatch('[^\n]+') do
        out('shown: ' .. line)
      end
    end
  end

  -- 2. The code actions for the diagnostic's range. clangd finds the fix-it
  -- by the range and message of each diagnostic passed back in the context,
  -- which holds every diagnostic of the line, as vim.lsp.buf.code_action()
  -- sends it with the cursor on that line (the notes among them, when the
  -- client shows them as diagnostics of their own).
  local line_diagnostics = {}
  for _, d in ipairs(published.latest or {}) do
    if d.range.start.line == diagnostic.range.start.line then
      table.insert(line_diagnostics, d)
    end
  end
  local responses, request_err = vim.lsp.buf_request_sync(bufnr,
    'textDocument/codeAction', {
      textDocument = { uri = uri },
      range = diagnostic.range,
      context = { diagnostics = line_diagnostics },
    }, timeout)
  if not responses then
    fail('textDocument/codeAction failed: ' .. tostring(request_err))
  end
  local response = responses[client_id]
  if not response or response.error then
    fail('textDocument/codeAction failed: '
      .. vim.inspect(response and response.error))
  end

  -- The fix is titled with the warning's text, without "(fix available)".
  local title = headline:gsub(' %(fix available%)$', '')
  local action
  local titles = {}
  local offered = 0
  for _, a in ipairs(response.result or {}) do
    table.insert(titles, a.title)
    if a.title == title and a.edit then
      action = action or a
      offered = offered + 1
    end
  end
  if not action then
    fail(string.format('no code action with an edit titled "%s"; got: %s',
      title, #titles > 0 and table.concat(titles, ' | ') or 'none'))
  end
  -- The same fix offered twice would garble the buffer if both were applied.
  out(string.format('code action (%s): %s (offered %d time%s for %d '
    .. 'diagnostic%s of the line)', action.kind or 'no kind', action.title,
    offered, offered == 1 and '' or 's', #line_diagnostics,
    #line_diagnostics == 1 and '' or 's'))

  -- 3. Apply it as the client's own code-action handler would, in the
  -- position encoding the client and clangd agreed on.
  local client = vim.lsp.get_client_by_id(client_id)
  if os.getenv('FIX_SKIP_APPLY') then
    out('not applying the edit (FIX_SKIP_APPLY)')
  else
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    out('applied the edit (' .. client.offset_encoding .. ')')
  end

  -- 4. clangd re-analyses the edited buffer; the warning must be gone. The
  -- version it publishes is the buffer's, so stale results are not taken.
  local version = vim.lsp.util.buf_versions[bufnr]
  local fresh = vim.wait(timeout, function()
    return exited or published[version] ~= nil
  end, 50)
  if exited or not fresh then
    fail(string.format('no diagnostics for version %d of the buffer within '
      .. '%d ms', version, timeout))
  end
  local remaining = 0
  for _, d in ipairs(published[version]) do
    if d.code == check then
      remaining = remaining + 1
    end
  end
  if remaining > 0 then
    fail(string.format('%d %s diagnostics remain after the edit', remaining,
      check))
  end
  out(string.format('no %s diagnostic after the edit', check))

  -- silent: the "written" message would go to stderr without a newline.
  vim.cmd('silent write')
  out('saved ' .. vim.fn.fnamemodify(file, ':t'))

  -- Shut the server down cleanly rather than leave Neovim's exit to kill it.
  client.stop()
  vim.wait(timeout, function() return exited end, 50)
end

local ok, err = xpcall(main, function(e)
  if type(e) == 'table' and e.apply_fix then
    return e.apply_fix
  end
  return debug.traceback(tostring(e))
end)
if ok then
  vim.cmd('qall!')
else
  io.stderr:write('apply_fix: error: ' .. tostring(err) .. '\n')
  -- A headless Neovim whose -S script failed would otherwise stay open.
  vim.cmd('cquit 1')
end
