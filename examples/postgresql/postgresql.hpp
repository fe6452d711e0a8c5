// A provider for PostgreSQL: roles, databases, schemas and grants on a
// running server, the example of a provider for a networked service. This
// header is the whole provider (for main.cpp and the tests); each resource's
// file includes only its own header.
//
//   provider "postgresql" {
//     host     = "db.internal"
//     username = "admin"            # password from PGPASSWORD
//   }
//   resource "postgresql_role" "app" {
//     name                = "app"
//     login               = true
//     password_wo         = ephemeral.random_password.app.result
//     password_wo_version = 1
//   }
//   resource "postgresql_database" "app" {
//     name  = "app"
//     owner = postgresql_role.app.name
//   }
#pragma once

#include "database.hpp"
#include "grant.hpp"
#include "provider.hpp"
#include "role.hpp"
#include "schema.hpp"
