"""The risk desk (issue 38): liability per outcome across the chain, big stakes
referred to a manager."""
