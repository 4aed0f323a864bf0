"""Allow `python -m aos_cli`."""

from aos_cli.cli.app import main

if __name__ == "__main__":
    main()
