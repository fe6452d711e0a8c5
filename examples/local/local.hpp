// A provider that manages local files: the example the README walks through.
//
//   resource "local_file" "hello" {
//     filename = "hello.txt"
//     content  = "Hello, world!"
//   }
//
//   resource "local_directory" "site" {
//     path = "site"
//     files = {                          # nested attributes, keyed by file name
//       "index.html" = { content = "<h1>Hello</h1>" }
//       "notes.txt"  = { content = "private", permission = "0600" }
//     }
//     symlink {                          # blocks
//       name   = "latest"
//       target = "index.html"
//     }
//   }
//
// This header is the whole provider, for main.cpp and the tests; each part's
// file includes only its own header.
#pragma once

#include "command.hpp"
#include "directory.hpp"
#include "file.hpp"
#include "id.hpp"
#include "provider.hpp"
#include "state_store.hpp"
