package local

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"unicode/utf8"
)

// The helpers of examples/local/files.hpp and local.cpp, written so that
// messages, paths and permission strings come out as the C++ code makes
// them.

func md5Hex(s string) string    { h := md5.Sum([]byte(s)); return hex.EncodeToString(h[:]) }
func sha1Hex(s string) string   { h := sha1.Sum([]byte(s)); return hex.EncodeToString(h[:]) }
func sha256Hex(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }

// parseMode: "0640" -> 0640; ok false unless three or four octal digits.
func parseMode(text string) (uint32, bool) {
	if len(text) < 3 || len(text) > 4 {
		return 0, false
	}
	var mode uint32
	for _, c := range []byte(text) {
		if c < '0' || c > '7' {
			return 0, false
		}
		mode = mode*8 + uint32(c-'0')
	}
	return mode, true
}

// formatMode: 0640 -> "0640" (the permission bits, setuid/setgid/sticky included).
func formatMode(mode uint32) string { return fmt.Sprintf("%04o", mode&0o7777) }

// modeOf is the permission of what path names (symbolic links followed),
// "0000" when it cannot be stat'ed.
func modeOf(path string) string {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return "0000"
	}
	return formatMode(st.Mode)
}

// readFile: the whole file; an error only when it cannot be opened. Like
// std::ifstream, a read that fails after the open yields what was read.
func readFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, _ := io.ReadAll(f)
	return string(b), nil
}

// writeFile truncates or creates path (0666 less the umask, as an ofstream
// does) and writes content.
func writeFile(path, content string) error {
	// Missing parent directories are made, as examples/local does.
	_ = os.MkdirAll(filepath.Dir(path), 0o777)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return err
	}
	_, werr := io.WriteString(f, content)
	cerr := f.Close()
	if werr != nil {
		return werr
	}
	return cerr
}

// errnoText is what strerror(3) says for the error's errno ("No such file or
// directory"); Go's table has the same texts with a lower-case first letter.
func errnoText(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err.Error()
	}
	s := errno.Error()
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[n:]
}

// lexicallyNormal mirrors std::filesystem::path::lexically_normal for an
// absolute POSIX path: "." and empty components dropped, ".." taken back
// (never above the root), and a trailing separator kept when the path ended
// in "/", "/." or "/..".
func lexicallyNormal(p string) string {
	parts := strings.Split(p, "/")
	out := make([]string, 0, len(parts))
	for _, c := range parts {
		switch c {
		case "", ".":
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, c)
		}
	}
	s := "/" + strings.Join(out, "/")
	if last := parts[len(parts)-1]; len(out) > 0 && (last == "" || last == "." || last == "..") {
		s += "/"
	}
	return s
}

// under joins a directory and a plain name as fs::path's operator/ does.
func under(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// plainName: a name inside a directory: not empty, no "/", not "." or "..".
func plainName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, "/\x00")
}

// inQuotes is a value from the configuration as tfpp's messages show it:
// quoted, escaped, cut after 64 bytes at a character boundary.
func inQuotes(s string) string {
	const limit = 64
	cut := false
	if len(s) > limit {
		n := limit
		for n > 0 && s[n]&0xc0 == 0x80 {
			n--
		}
		s = s[:n]
		cut = true
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteByte(c)
		}
	}
	if cut {
		b.WriteString("...")
	}
	b.WriteByte('"')
	return b.String()
}

var octalPattern = regexp.MustCompile(`^[0-7]{3,4}$`)
