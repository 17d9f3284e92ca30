"""Test helpers: write genotypes as a .gen file and read the `org:` objects the genokit program
writes (enough of the Framsticks format for that: one-line fields and ~multi-line~ values)."""


def write_gen(path, genotypes, names=None):
    names = names or [f"g{i}" for i in range(len(genotypes))]
    with open(path, "w") as f:
        for name, g in zip(names, genotypes):
            f.write(f"org:\nname:{name}\ngenotype:~\n{g.replace('~', chr(92) + '~')}~\n\n")
    return path


def read_orgs(text):
    """The org objects of a Framsticks file as dicts of field -> str."""
    orgs, cur, lines, i = [], None, text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line == "org:":
            cur = {}
            orgs.append(cur)
        elif cur is not None and ":" in line and not line.startswith("#"):
            key, value = line.split(":", 1)
            if value == "~":
                parts = []
                while i < len(lines) and not (lines[i].endswith("~") and not lines[i].endswith("\\~")):
                    parts.append(lines[i])
                    i += 1
                parts.append(lines[i][:-1])
                i += 1
                value = "\n".join(parts).replace("\\~", "~")
            cur[key] = value
        elif line == "":
            cur = None
    return orgs
